# sum(), min(), max() of lists and `x in xs` in native code (issue 18, item 1): CPython
# 3.11's order of additions (floats one `+` at a time, ints exactly: an overflow goes
# back to the interpreter), starts of either kind, the first of equal extremes, NaNs
# first and later, signed zeros, empty lists (min/max raise, an int start with float
# items answers the int), ints against floats in `in` (exactly, past 2**53), one NaN
# object found in a list of itself, strs among strs.
import math


def totals(xs):
    return sum(xs), min(xs), max(xs)


def from_start(xs, start):
    return sum(xs, start)


def member(xs, v):
    return v in xs, v not in xs


def count_members(xs, probes):
    c = 0
    for p in probes:
        if p in xs:
            c += 1
    return c


def running(rows):
    best = 0.0
    for row in rows:
        s = sum(row)
        if s > best:
            best = s
    return best, max(max(r) for r in rows)


def main():
    nan = float("nan")
    lists = [
        [3, 1, 4, 1, 5, 9, 2, 6],
        [2.5, -1.0, 7.25, 7.25],
        [nan, 1.0, 2.0],
        [1.0, nan, 0.5],
        [-0.0, 0.0],
        [0.0, -0.0],
        [0.1] * 10,
        [1e308, 1e308, -1e308],
        [2**62, 2**62],
        [-(2**63), -1],
        [7],
    ]
    for xs in lists:
        for _ in range(40):
            r = totals(xs)
        print(r, from_start(xs, 0.5), from_start(xs, 2), from_start(xs, -(2**63)))
        for v in [1, 1.0, 7.25, nan, xs[0], 2**62, True]:
            print(member(xs, v), end=" ")
        print()
    for empty in [[], [0.5], [1]]:
        for _ in range(40):
            r = from_start(empty, 3)
        print(repr(r), repr(from_start(empty, 3.5)))
        try:
            print(totals(empty))
        except ValueError:
            print("ValueError")
    big = [2**53 + 1, 5]
    for _ in range(40):
        r = member(big, 2.0**53), member(big, 5.0)
    print(r)
    probes = list(range(-5, 20))
    for _ in range(40):
        r = count_members([3, 1, 4, 1, 5, 9, 2, 6], probes)
    print(r)
    words = ["a", "bb", "é"]
    for _ in range(40):
        r = member(words, "bb"), member(words, "c"), member(words, "é")
    print(r)
    for _ in range(40):
        r = running([[1.5, 2.5], [0.25], [3.0, -1.0, 2.0]])
    print(r)
    print(member([nan], nan), member([float("nan")], float("nan")), member([math.inf], math.inf))


main()
