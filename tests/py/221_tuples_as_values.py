# Tuples as values in native code: lists of tuples (`for x, y in points`, `points[i]`),
# swaps, building, unpacking and indexing tuples (literal and computed indices, negative
# and out of range with CPython's IndexError), tuple arguments, several values returned,
# and lists handed back from native code (an argument's own list, a new one, the same
# one twice).
def path_length(points):
    total = 0.0
    px, py = points[0]
    for x, y in points:
        total += ((x - px) ** 2 + (y - py) ** 2) ** 0.5
        px, py = x, y
    return total


def weighted(pairs):
    s = 0.0
    for k, w in pairs:
        s += k * w
    return s


def fib_pair(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, (a + b) % 1000003
    return a, b


def centroid(points):
    sx = sy = 0.0
    n = 0
    for p in points:
        sx += p[0]
        sy += p[-1]
        n += 1
    return sx / n, sy / n, n


def rotate(t):
    a, b, c = t
    return b, c, a


def nth(t, i):
    return t[i] + t[i - 1]


def mixed_item(t):
    return t[0] * 2 + t[1] + t[-1]


def min_max(xs):
    lo = hi = xs[0]
    for x in xs:
        if x < lo:
            lo = x
        if x > hi:
            hi = x
    return lo, hi


def point_at(points, i):
    return points[i]


def first_row(grid):
    for r in grid:
        if r[0] > 2.0:
            return r
    return grid[0]


def zeros(n):
    z = [0.0] * n
    return z, z


pts = [(0.0, 0.0), (3.0, 4.0), (6.0, 8.0), (6.0, 0.0)]
pairs = [(1, 0.5), (2, 0.25), (-3, 1.5)]
for _ in range(12):
    r = (path_length(pts), weighted(pairs), fib_pair(200), centroid(pts), rotate((1, 2.5, 3)))
print(r)
for _ in range(12):
    r = (nth((1, 2, 3, 4), 2), nth((1.5, 2.5), 0), mixed_item((1, 2.5, 7)), min_max([3, -1, 4, 1, 5]))
print(r)
for i in (3, -4, 4, -5):
    try:
        print(nth((1, 2, 3, 4), i))
    except IndexError as e:
        print("IndexError:", e)
for i in (1, -1, 4, -5):
    try:
        print(point_at(pts, i))
    except IndexError as e:
        print("IndexError:", e)
try:
    print(weighted([]), path_length([]))
except IndexError as e:
    print("IndexError:", e)
# A list of tuples whose items change type, or that gains a list.
mixed = [(1, 2.0), (3, 4.0)]
for i in range(12):
    if i == 6:
        mixed.append((5.0, 6.0))
    if i == 9:
        mixed[0] = [1, 2.0]
    print(weighted(mixed), end=" ")
print()
grid = [[1.0, 2.0], [3.0, 4.0]]
for _ in range(12):
    r = first_row(grid)
print(r, r is grid[1], first_row([[0.0]]) is not None)
for _ in range(12):
    z = zeros(3)
z[0][1] = 7.5
print(z, z[0] is z[1])


# A tuple handed back as given is the same object (only the interpreter knows it).
def same(t):
    return t


def last_point(points):
    q = points[0]
    for p in points:
        q = p
    return q


def swapped(t):
    a, b = t
    return b, a


for _ in range(12):
    t = (1.0, 2.0)
    r = (same(t) is t, last_point(pts) is pts[-1], swapped((3, 3)) == (3, 3), swapped(t))
print(r)
last = None
for p in pts:
    last = p
print(last is pts[-1], last)
