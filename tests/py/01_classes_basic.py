# Classes: class vs instance attributes, __repr__, __str__, __eq__, __lt__, __hash__.


class Point:
    dimensions = 2
    created = 0

    def __init__(self, x, y):
        self.x = x
        self.y = y
        Point.created += 1

    def __repr__(self):
        return f"Point({self.x!r}, {self.y!r})"

    def __str__(self):
        return f"({self.x}, {self.y})"

    def __eq__(self, other):
        if not isinstance(other, Point):
            return NotImplemented
        return (self.x, self.y) == (other.x, other.y)

    def __lt__(self, other):
        return (self.x ** 2 + self.y ** 2) < (other.x ** 2 + other.y ** 2)

    def __hash__(self):
        return hash((self.x, self.y))

    def moved(self, dx, dy):
        return Point(self.x + dx, self.y + dy)

    @classmethod
    def origin(cls):
        return cls(0, 0)

    @staticmethod
    def distance2(a, b):
        return (a.x - b.x) ** 2 + (a.y - b.y) ** 2


p = Point(3, 4)
q = Point(1, 1)
print(repr(p), str(p), p)
print([p, q])
print(p == Point(3, 4), p == q, p != q, p == "text")
print(p < q, q < p, sorted([p, q, Point.origin(), Point(-2, 0)]))
print(Point.distance2(p, q))
print(p.moved(1, -1), Point.created, Point.dimensions)
p.dimensions = 3
print(p.dimensions, q.dimensions, Point.dimensions)
del p.dimensions
print(p.dimensions)
print(len({Point(1, 2), Point(1, 2), Point(2, 1)}))
print(type(p).__name__, Point.__qualname__, Point.origin().x)
print(hasattr(p, "x"), hasattr(p, "z"), getattr(p, "z", "missing"))
setattr(p, "z", 9)
print(p.z, sorted(vars(p).items()))
print(max([Point(5, 5), Point(1, 9), Point(7, 0)]))


class Counter:
    count = 0

    def increment(self):
        self.count += 1
        return self.count


a, b = Counter(), Counter()
print(a.increment(), a.increment(), b.increment(), Counter.count)
