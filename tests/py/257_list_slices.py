# Slices of lists read in native code (issue 18, item 1): xs[a:b], xs[a:], xs[:b],
# xs[::k] with constant steps of either sign, every pair of bounds in and around the
# list (negative, past either end, None, bools), empty results and empty lists, lists of
# ints, floats and strs, a slice iterated, measured and handed back (a new list); and
# what stays interpreted: a variable step, a zero step's ValueError, slices of lists of
# lists and of tuples, bounds beyond 64 bits, slice assignment.


def plain(xs, a, b):
    return xs[a:b]


def by_two(xs, a, b):
    return xs[a:b:2]


def by_three(xs, a, b):
    return xs[a:b:3]


def backwards(xs, a, b):
    return xs[a:b:-1]


def back_by_four(xs, a, b):
    return xs[a:b:-4]


def open_ends(xs, a):
    return xs[a:], xs[:a], xs[::-1], xs[:], xs[::5], xs[a::-2], xs[:a:-3]


def window_sum(xs, a, b):
    s = 0
    for x in xs[a:b]:
        s += x
    return s, len(xs[a:b])


def variable_step(xs, k):
    return xs[::k]


def zero_step(xs):
    return xs[::0]


def rows(m):
    return m[1:]


def from_tuple(t):
    return t[1:]


def main():
    xs = [3, 1, 4, 1, 5, 9, 2, 6, 5]
    bounds = list(range(-12, 13)) + [None, True, False]
    for f in (plain, by_two, by_three, backwards, back_by_four):
        seen = []
        for _ in range(3):
            seen = [f(xs, a, b) for a in bounds for b in bounds]
        print(f.__name__, len(seen), sum(len(s) for s in seen), seen[::37])
    for _ in range(40):
        r = open_ends(xs, 3), open_ends([0.5, -1.5], -1), open_ends([], 2), open_ends(["a", "b", "c"], 1)
    print(r)
    for _ in range(40):
        r = window_sum(xs, 2, -2), window_sum(xs, -3, 100), window_sum(xs, 5, 1)
    print(r)
    fresh = plain(xs, 0, 100)
    fresh[0] = 99
    print(fresh is xs, xs[0], fresh[:2])
    for k in (1, -1, 2, 3):
        print(variable_step(xs, k))
    try:
        zero_step(xs)
    except ValueError as e:
        print("ValueError", e)
    print(rows([[1], [2], [3]]), from_tuple((1, 2, 3)), xs[2**70:], xs[-(2**70) : 2])
    ys = list(xs)
    ys[1:3] = [7]
    print(ys)


main()
