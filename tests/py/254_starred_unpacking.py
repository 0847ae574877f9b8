# Starred targets unpacking tuples in native code (issue 18, item 2): `a, *rest, z = t`
# where typing knows the tuple's length, so `rest` is a new list of the middle items:
# empty, of ints, of floats, indexed, iterated, measured, handed back; nested tuples
# before and after the star; swaps beside them; an overflow after the list was made; and
# what stays interpreted (a list unpacked, items of two types in the middle, too few
# values).


def ends(n):
    s = 0
    for i in range(n):
        first, *middle, last = (i, i + 1, i + 2, i + 3)
        s += first * last + middle[1] - middle[-2] + len(middle)
    return s


def nothing_between(n):
    s = 0
    for i in range(n):
        a, *rest, b = (i, -i)
        s += a - b + len(rest)
        for x in rest:
            s += x
    return s


def floats_first(x):
    *head, tail = (x, x * 2.0, x / 4, 7)
    total = 0.0
    for h in head:
        total += h
    return total + tail


def nested_parts(p, q):
    (a, b), *rest, (c, d) = ((p, q), p + q, p * q, (q, p))
    return a * d + b * c + rest[0] - rest[1]


def hand_back(i):
    _, *rest = (i, i * 3, i * 5)
    return rest


def overflow_after(i):
    a, *rest = (i, i + 1)
    return a * 2**62 + rest[0]


def rotate(a, b, c):
    for _ in range(3):
        a, b, c = b, c, a
    return a, b, c


def from_a_list(xs):
    a, *rest = xs
    return a + len(rest)


def two_kinds(i):
    a, *rest = (i, 1, 2.5)
    return rest


def too_few(t):
    a, *rest, b, c = t
    return a


def main():
    for _ in range(40):
        r = ends(50)
    print(r)
    for _ in range(40):
        r = nothing_between(20)
    print(r)
    for _ in range(40):
        r = floats_first(3.0)
    print(r)
    for _ in range(40):
        r = nested_parts(3, 4)
    print(r)
    for _ in range(40):
        r = hand_back(7)
    print(r, type(r).__name__)
    for _ in range(40):
        r = overflow_after(1)
    print(r, overflow_after(2), overflow_after(-3))
    for _ in range(40):
        r = rotate(1, 2, 3)
    print(r)
    for _ in range(20):
        r = from_a_list([4, 5, 6]), two_kinds(3)
    print(r)
    try:
        too_few((1, 2))
    except ValueError as e:
        print("ValueError", e)


main()
