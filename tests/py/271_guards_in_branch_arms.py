# Guards inside one arm of a branch: the overflow tests of `3 * x + 1`, `5 * x - C` and
# `7 * x - 3`, whose products and sums are folded into one range test and, for LLVM,
# moved before a branch with two arms so that it can select (a
# branch with one arm keeps them). Every input below sits on an edge of
# those tests: each call must leave native code exactly where CPython's ints leave 64
# bits, and print what CPython prints.

EDGE = (2**63 - 1) // 3


def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def longest(limit):
    best, best_start = 0, 0
    for start in range(1, limit):
        steps = collatz_steps(start)
        if steps > best:
            best, best_start = steps, start
    return best_start, best


def odd_steps(xs):
    out = []
    for x in xs:
        if x & 1:
            y = 3 * x + 1
        else:
            y = x >> 1
        out.append(y)
    return out


def shifted_down(xs):
    out = []
    for x in xs:
        if x < 0:
            y = 5 * x - 4611686018427387904
        else:
            y = x - 1
        out.append(y)
    return out


def scaled_above(xs, limit):
    out = []
    for x in xs:
        y = x
        if x > limit:
            y = 7 * x - 3
        out.append(y)
    return out


def guarded_division(xs):
    out = []
    for x in xs:
        if x > 0:
            y = 1000 // x + 3 * x
        else:
            y = -x
        out.append(y)
    return out


print(longest(3000))
for start in [EDGE - 2, EDGE, EDGE + 1, EDGE + 2, 2**62 + 1, 27]:
    print(start, collatz_steps(start))

near = [EDGE - 3, EDGE - 2, EDGE - 1, EDGE, EDGE + 1, EDGE + 2, -EDGE - 2, -EDGE - 1, -EDGE, 1, 2, 3]
for _ in range(3):
    print(odd_steps(near[:4]))
    print(odd_steps(near))
negative = [-1, -2, 0, 5, -922337203685477579, -922337203685477580, -922337203685477581, -(2**63) // 5, -(2**63) // 5 - 1]
for _ in range(3):
    print(shifted_down(negative[:4]))
    print(shifted_down(negative))
above = [0, 2000, 1317624576693539401, 1317624576693539402, 1317624576693539400, -5]
for _ in range(3):
    print(scaled_above(above[:2], 1000))
    print(scaled_above(above, 1000))
for _ in range(3):
    print(guarded_division([1, 2, 0, -4, 7, 3074457345618258602, 3074457345618258603]))
