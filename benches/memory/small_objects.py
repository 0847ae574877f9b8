# Many small objects in lists: tuples, small instances with __slots__, short strings and
# floats, built, summed and rebuilt.
class Point:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


checksum = 0
for round_ in range(5):
    points = [Point(i, i * 2) for i in range(300_000)]
    pairs = [(i, float(i)) for i in range(300_000)]
    labels = [str(i) for i in range(300_000)]
    checksum += sum(p.x + p.y for p in points) + int(sum(f for _, f in pairs)) + len("".join(labels[:1000]))
    del points, pairs, labels
print(checksum)
