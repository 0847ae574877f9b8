# enumerate() and zip() in native loops (issue 18): over lists, ranges, dicts and their
# views, lists of tuples, nested (enumerate(zip(...))), with starts (negative, a count
# that leaves 64 bits), lists of unequal lengths in either order, empty ones, writes into
# the list being enumerated, break/continue/else, and the same loops lifted out of
# functions that print and at module level.


def weighted(xs):
    s = 0
    for i, x in enumerate(xs):
        s += i * x
    return s


def from_start(xs, start):
    s = 0
    for i, x in enumerate(xs, start):
        s += i - x
    return s


def dot(xs, ys):
    s = 0.0
    for x, y in zip(xs, ys):
        s += x * y
    return s


def three(n, xs, pairs):
    s = 0
    for i, x, (a, b) in zip(range(n), xs, pairs):
        s += i * x + a - b
    return s


def over_dict(d):
    s = 0
    for i, (k, v) in enumerate(d.items()):
        s += i * k + v
    for k, v in zip(d, d.values()):
        s += k - v
    return s


def grid(rows):
    t = 0.0
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            t += (r + 1) * (c + 2) * v
    return t


def first_above(xs, limit):
    for i, x in enumerate(xs):
        if x > limit:
            break
        if x == 0:
            continue
    else:
        return -1
    return i


def scale_in_place(xs, k):
    for i, x in enumerate(xs):
        xs[i] = x * k + i
    return xs[0]


def nested_pairs(xs, ys):
    s = 0.0
    for i, p in enumerate(zip(xs, ys)):
        s += i * p[0] - p[1]
    return s


def reporting(xs, ys):
    print("report", len(xs), len(ys))
    t = 0
    for k, x in enumerate(xs):
        if x > 3:
            t += k
    u = 0.0
    for a, b in zip(xs, ys):
        u += a * b
    return t, u


def main():
    xs = [3, 1, 4, 1, 5, 9, 2, 6]
    fs = [0.5, 1.5, 2.5]
    pairs = [(1, 2), (3, 4), (5, 6)]
    for _ in range(40):
        r = weighted(xs), from_start(xs, 10), from_start(xs, -3), dot(xs, fs), dot(fs, xs), dot([], xs)
    print(r)
    for _ in range(40):
        r = three(2, xs, pairs), three(10, xs, pairs), three(0, xs, pairs)
    print(r)
    for _ in range(40):
        r = over_dict({1: 2, 3: 4, -5: 6})
    print(r)
    for _ in range(40):
        r = grid([[1.0, 2.0], [3.0], []])
    print(r)
    for _ in range(40):
        r = first_above(xs, 4), first_above(xs, 100), first_above([], 0)
    print(r)
    for _ in range(40):
        ys = list(xs)
        r = scale_in_place(ys, 3)
    print(r, ys)
    for _ in range(40):
        r = nested_pairs(xs, fs)
    print(r)
    print(from_start(xs, 2**63 - 3), from_start([1, 2], 2**62))
    print(reporting(list(range(3000)), [0.5] * 2999))


xs = [i % 7 for i in range(3000)]
ys = [i * 0.25 for i in range(3000)]
s = 0.0
for i, x in enumerate(xs):
    s += i * x
for x, y in zip(ys, xs):
    s -= x * y
print(s)
main()
