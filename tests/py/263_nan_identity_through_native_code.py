# A NaN float object the program gave native code comes back as itself: copied into a
# new list, moved within a list, an object's fields or a dict's values, or returned.
# CPython's `in`, `list.count`, `index`, list `==` and dict lookups take an object as
# equal to itself before comparing, so a NaN replaced by a new float object is no longer
# found (a list of 5,000 nans copied natively counted 0 of them).
nan = float("nan")


def copied(xs):
    out = []
    for x in xs:
        out.append(x)
    return out


r = copied([nan] * 5000)
print("copied", r.count(nan), nan in r, r == [nan] * 5000, r.index(nan))


def reverse(xs):
    n = len(xs)
    for i in range(n // 2):
        xs[i], xs[n - 1 - i] = xs[n - 1 - i], xs[i]


xs = [nan] + [1.0] * 5999
reverse(xs)
print("reversed", nan in xs, xs.count(nan), xs.index(nan))


class Pair:
    def __init__(self, a, b):
        self.a = a
        self.b = b


def swap_fields(p, n):
    for i in range(n):
        p.a, p.b = p.b, p.a
    return p


p = swap_fields(Pair(nan, 3.0), 6001)
print("fields", [p.b] == [nan], p.b is nan, p.a)


def swap_values(d, n):
    for i in range(n):
        d[0], d[1] = d[1], d[0]
    return d


d = swap_values({0: nan, 1: 1.0}, 6001)
print("values", [d[1]] == [nan], nan in d.values(), d[0])


def top(xs):
    return max(xs)


def first(xs):
    t = 0.0
    for x in xs:
        t = x
        break
    return t


xs = [nan] + [1.0] * 5999
for _ in range(3000):
    m = top(xs)
    f = first(xs)
print("returned", m in xs, f in xs, [m] == xs[:1], [f] == xs[:1])


# `math.nan` in native code is the math module's one object, as in CPython.
import math


def fill_math_nan(n):
    out = []
    for i in range(n):
        out.append(math.nan)
    return out


r = fill_math_nan(5000)
print("math.nan", r.count(math.nan), math.nan in r, r[0] is math.nan)
