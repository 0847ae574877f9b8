# Iterator protocol: __iter__/__next__ classes, iterables vs iterators, __getitem__ fallback, __reversed__.


class CountUp:
    def __init__(self, start, stop):
        self.current = start
        self.stop = stop

    def __iter__(self):
        return self

    def __next__(self):
        if self.current >= self.stop:
            raise StopIteration
        value = self.current
        self.current += 1
        return value


class Range2D:
    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols

    def __iter__(self):
        for r in range(self.rows):
            for c in range(self.cols):
                yield r, c

    def __len__(self):
        return self.rows * self.cols

    def __reversed__(self):
        for r in reversed(range(self.rows)):
            for c in reversed(range(self.cols)):
                yield r, c

    def __contains__(self, item):
        r, c = item
        return 0 <= r < self.rows and 0 <= c < self.cols


class Squares:
    def __getitem__(self, i):
        if i >= 6:
            raise IndexError(i)
        return i * i


it = CountUp(3, 7)
print(list(it), list(it), iter(it) is it)
print(sum(CountUp(1, 101)), max(CountUp(0, 5)), list(zip(CountUp(0, 3), CountUp(10, 13))))
grid = Range2D(2, 3)
print(list(grid), len(grid), list(reversed(grid))[:2], (1, 2) in grid, (2, 0) in grid, list(grid) == list(grid))
sq = Squares()
print(list(sq), 16 in sq, 17 in sq, list(enumerate(sq))[-1])
a, b, *rest = CountUp(0, 6)
print(a, b, rest)
print(dict(zip(CountUp(0, 3), "abc")), set(CountUp(0, 3)) == {0, 1, 2}, tuple(CountUp(5, 8)))
