# Tuples of ints and strs as dict keys in native code (issue 18, item 4): d[k], d[k] = v,
# d[k] += 1, d.get(k, default), k in d, iteration over items() and keys() unpacking the
# key, new keys kept in insertion order, a missing key's KeyError, an overflow after some
# stores (the dict as the interpreter leaves it), a dict that grows while it is
# iterated, aliasing (one dict passed twice), an empty dict filled with pairs, and the
# keys native code leaves to the interpreter (bools, big ints, floats, nested tuples,
# five items, keys of two lengths in one dict).


def count_pairs(xs, counts):
    for i in range(len(xs) - 1):
        k = (xs[i], xs[i + 1])
        counts[k] = counts.get(k, 0) + 1
    return len(counts)


def grid_total(grid, n):
    s = 0
    for x in range(-1, n):
        for y in range(n):
            if (x, y) in grid:
                s += grid[x, y]
            if (y, x) not in grid:
                s -= 1
    return s


def unpack_keys(d):
    t = 0
    for (a, b), v in d.items():
        t += a * 100 + b * v
    for key in d:
        t += key[0] - key[1]
    return t


def tally(d, names):
    for i in range(len(names)):
        key = (names[i], i % 3)
        d[key] = d.get(key, 0.0) + 1.5
    return len(d)


def bump(d, a, b, c):
    d[a, b, c] += 1
    return d[a, b, c]


def lookup(d, a, b):
    return d[(a, b)]


def store_until_overflow(d, n):
    for i in range(n):
        d[(i, -i)] = d.get((i, -i), 0) + (2**62 if i == 3 else i)
        d[(0, 0)] = d.get((0, 0), 0) + 2**62
    return len(d)


def grow_while_iterating(d):
    for (a, b), v in d.items():
        d[(a + 100, b)] = v
    return len(d)


def two_names(d, e):
    d[(1, 1)] = 10
    return e[(1, 1)] + len(e)


def fill(d, n):
    for i in range(n):
        for j in range(i):
            d[(i, j)] = i * j
    return len(d)


def where_keys(d, k):
    return d.get(k, -1)


def last_key(d):
    k = (0, 0)
    for k in d:
        pass
    return k


def put(d, k):
    d[k] = d.get(k, 0) + 1
    return len(d)


def count_points(points, counts):
    for p in points:
        counts[p] = counts.get(p, 0) + 1
    return len(counts)


def misses(d, n):
    found = 0
    for i in range(n):
        if (i, -i) in d:
            found += 1
        found += d.get((i, i), 0)
    return found


def main():
    xs = [i * 7 % 5 for i in range(300)]
    for _ in range(40):
        counts = {}
        n = count_pairs(xs, counts)
    print(n, list(counts.items())[:6])
    seeded = {(4, 4): 100, (0, 2): -5}
    count_pairs(xs, seeded)
    print(list(seeded.items())[:4])

    grid = {(i, j): i * j - 3 for i in range(8) for j in range(0, 8, 3)}
    for _ in range(40):
        g = grid_total(grid, 9)
    print(g)
    for _ in range(40):
        u = unpack_keys(grid)
    print(u)

    tallies = {("a", 0): 1.0}
    names = ["a", "b", "é", "a", "bb", "b"] * 10
    for _ in range(40):
        tally(tallies, names)
    print(tallies)

    triples = {(1, 2, 3): 5, (-1, -2, -3): 7}
    for _ in range(40):
        r = bump(triples, 1, 2, 3)
    print(r, triples)
    try:
        bump(triples, 3, 2, 1)
    except KeyError as e:
        print("KeyError", repr(e))

    small = {(1, 2): "x".__len__(), (2, 1): 2}
    for _ in range(40):
        v = lookup(small, 1, 2)
    print(v)
    try:
        lookup(small, 1, 3)
    except KeyError as e:
        print("KeyError", e)

    for _ in range(40):
        store_until_overflow({}, 2)
    d = {(9, 9): 1}
    print(store_until_overflow(d, 6), d)

    for _ in range(40):
        grow_while_iterating({})
    g2 = {(1, 1): 1, (2, 2): 2}
    try:
        grow_while_iterating(g2)
    except RuntimeError as e:
        print("RuntimeError", e)
    print(g2)

    for _ in range(40):
        shared = {(1, 1): 1, (2, 2): 2}
        r = two_names(shared, shared)
    print(r, shared)

    for _ in range(40):
        empty = {}
        fill(empty, 6)
    print(empty)

    # Identity, as CPython keeps it: a key read back is the dict's own object, a tuple
    # given (an argument, an item of a list) and stored as a new key is that object.
    keyed = {(1, 2): 1, (3, 4): 2}
    for _ in range(40):
        k = last_key(keyed)
    print(k, k is list(keyed)[-1])
    for _ in range(40):
        fresh = {(0, 0): 0}
        arg = (5, 6)
        put(fresh, arg)
    print(fresh, list(fresh)[-1] is arg)
    points = [(1, 2), (3, 4), (1, 2), (5, 6)]
    for _ in range(40):
        counted = {}
        count_points(points, counted)
    print(counted, list(counted)[0] is points[0], list(counted)[2] is points[3])
    for _ in range(40):
        r = misses({(2, -2): 1, (3, 3): 5}, 1000)
    print(r)

    # Keys native code leaves to the interpreter; the answers are CPython's.
    odd = [
        {(True, 1): 5},
        {(1, 1): 5, (True, 2): 6},
        {(2**70, 1): 3, (1, 1): 4},
        {(1.0, 1): 2},
        {((1, 2), 1): 9},
        {(1, 2, 3, 4, 5): 1},
        {(1, 1): 1, (1, 1, 1): 2},
        {(): 4},
    ]
    for d in odd:
        for _ in range(20):
            r = [where_keys(d, k) for k in [(1, 1), (True, 1), (1, 2, 3, 4, 5), (), (1.0, 1)]]
        print(r, d)


main()
# A module-level loop leaves its last key bound: the dict's own object.
grid = {(i, j): i + j for i in range(30) for j in range(30)}
total = 0
for key in grid:
    total += key[0] * key[1]
print(total, key, key is list(grid)[-1])
