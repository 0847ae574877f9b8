# Tuples compared in native code (issue 18, item 2): ==, !=, <, <=, >, >= of tuples of
# ints, floats and bools, item by item as Python does (the first unequal pair decides,
# else the lengths), tuples of different lengths, ints against floats (exactly, past
# 2**53 too), NaN items (one NaN object in both tuples is equal to itself: that case
# goes back to the interpreter), strs compared for equality, and the comparisons native
# code leaves to the interpreter (ordering strs, nested tuples, complex items).
import math


def order(n):
    counts = [0, 0, 0, 0, 0, 0]
    for i in range(n):
        a = (i % 3, i % 5, i * 0.5)
        b = (1, i % 4, 2.0)
        if a < b:
            counts[0] += 1
        if a <= b:
            counts[1] += 1
        if a == b:
            counts[2] += 1
        if a != b:
            counts[3] += 1
        if a > b:
            counts[4] += 1
        if a >= b:
            counts[5] += 1
    return counts


def lengths(n):
    s = 0
    for i in range(n):
        short = (i % 2, 1)
        long = (i % 2, 1, i % 3 - 1)
        s += (short < long) + 2 * (short == long) + 4 * (long >= short) + 8 * ((i,) > ())
    return s


def mixed(x, y, f):
    return (x, f) < (y, 1.5), (x, True) == (y, 1), (f, x) >= (f, y), (x, f) != (x, f)


def with_nans(p, q):
    return (1, p) == (1, q), (p, 1) < (q, 2), (p,) != (q,)


def best_pair(xs):
    best = (xs[0], 0)
    for i in range(len(xs)):
        cand = (xs[i], -i)
        if cand > best:
            best = cand
    return best


def names_equal(a, b, i):
    return (a, i) == (b, i), (a, i) != (b, i + 1)


def order_names(a, b):
    return (a, 1) < (b, 2)


def nested(a, b):
    return ((a, 1), 2) < ((b, 1), 3)


def complex_items(z, w):
    return (z, 1) == (w, 1)


def main():
    for _ in range(40):
        r = order(200)
    print(r)
    for _ in range(40):
        r = lengths(100)
    print(r)
    cases = [(1, 2, 0.5), (2, 1, 1.5), (2**53 + 1, 2**53 + 1, 2.0**53), (-3, -3, -3.0), (0, 0, -0.0)]
    for x, y, f in cases:
        for _ in range(40):
            r = mixed(x, y, f)
        print(x, y, f, r)
    nan = float("nan")
    for _ in range(40):
        r = with_nans(1.0, 2.0)
    print(r)
    print(with_nans(nan, nan), with_nans(nan, float("nan")), with_nans(nan, 1.0), with_nans(math.inf, math.inf))
    for _ in range(40):
        r = best_pair([3, 9, 2, 9, 7, -1])
    print(r, best_pair([5.5, 2.0, 5.5]))
    for _ in range(40):
        r = names_equal("a", "a", 3)
    print(r, names_equal("a", "b", 3), names_equal("é", "é", 0))
    for _ in range(20):
        r = order_names("a", "b"), nested(1, 2), complex_items(1j, 1j)
    print(r)


main()
