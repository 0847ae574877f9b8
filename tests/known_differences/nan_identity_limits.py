# Where a NaN's object identity still differs from CPython's after native code (README,
# "Known differences", identity of numbers): native code keeps floats as bits, and a NaN
# it hands back is the NaN object the call was given with those bits, else a new object.
# 1. One NaN computed natively and stored twice is two objects (CPython: one object, so
#    `count` finds it twice).
# 2. Two NaN objects with the same bits given to one call come back as the first of them.
# Expected (python3): "computed 2 True" / "two given 2000 2000"
# pynum after the loops compile: "computed 1 False" / "two given 4000 0"
nan = float("nan")


def twice(n, inf):
    xs = []
    for i in range(n):
        v = inf - inf
        xs.append(v)
        xs.append(v)
    return xs


xs = twice(3000, float("inf"))
print("computed", xs.count(xs[0]), xs[0] in xs[1:2])


def copied(xs):
    out = []
    for x in xs:
        out.append(x)
    return out


other = float("nan")
mixed = copied([nan, other, 2.0] * 2000)
print("two given", mixed.count(nan), mixed.count(other))
