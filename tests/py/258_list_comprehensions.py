# List comprehensions in native code (issue 18, item 1): inlined comprehensions build
# their list with `list_append`, which native code grows in its arena; filters, floats,
# enumerate/zip/range/list sources, a list grown past many doublings, sums of them, the
# comprehension's variable shadowing a local (put back after, bound or unbound, as
# CPython does), an overflow in the middle of building (the interpreter redoes the
# call), and what stays interpreted (lists of lists, two kinds of item, sets, dicts,
# generators).


def doubled(xs):
    ys = [x * 2 for x in xs]
    return ys


def halves(n):
    return [i * 0.5 for i in range(n) if i % 3]


def pairwise(xs):
    return [a * b for a, b in zip(xs, xs[1:])]


def indexed(xs):
    return [i - x for i, x in enumerate(xs) if x > 2]


def big(n):
    squares = [i * i for i in range(n)]
    return len(squares), squares[-1], sum(squares)


def shadowing(xs):
    x = 100
    ys = [x + 1 for x in xs]
    return x, ys


def unbound_after(xs):
    ys = [x for x in xs]
    return len(ys), x


def maybe_bound(xs, flag):
    if flag:
        x = 7
    ys = [x * 3 for x in xs]
    return ys, x


def overflowing(xs):
    return [x * 2**61 for x in xs]


def nested_loops(n):
    total = 0
    for k in range(n):
        row = [k * j for j in range(k)]
        total += sum(row) + len(row)
    return total


def grid(n):
    return [[i * j for j in range(n)] for i in range(n)]


def mixed(xs):
    return [x if x > 1 else 0.5 for x in xs]


def others(xs):
    return {x for x in xs}, {x: x * 2 for x in xs}, sum(x * x for x in xs)


def main():
    xs = [3, 1, 4, 1, 5, 9, 2, 6]
    for _ in range(40):
        r = doubled(xs), halves(20), pairwise(xs), indexed(xs), doubled([]), halves(0)
    print(r)
    for _ in range(10):
        r = big(100_000)
    print(r)
    for _ in range(40):
        r = shadowing(xs)
    print(r)
    try:
        unbound_after(xs)
    except NameError as e:
        print(type(e).__name__)
    for _ in range(40):
        r = maybe_bound(xs, True)
    print(r)
    try:
        print(maybe_bound(xs, False))
    except UnboundLocalError as e:
        print("UnboundLocalError")
    for _ in range(40):
        r = overflowing([1, 2, 3])
    print(r)
    for _ in range(40):
        r = nested_loops(30)
    print(r)
    print(grid(3), mixed([1, 2, 3]), others([1, 2]))


main()
