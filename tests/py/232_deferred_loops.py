# Loops that compiled at their first entry (`for` over a list, loops with loops inside)
# now wait while their inputs are small, and run in the interpreter until their time
# pays for a compile: what they print must not change, whether an entry ran natively or
# interpreted, broke out, raised, re-entered itself or grew its own list.
def total(xs):
    t = 0
    for x in xs:
        t += x * x
    return t


def first_over(xs, limit):
    found = -1
    for x in xs:
        if x > limit:
            found = x
            break
    else:
        found = -2
    return found


def grid_sum(rows):
    s = 0.0
    for row in rows:
        for v in row:
            s += v
    return s


def checked(xs):
    acc = 0
    for x in xs:
        acc += 10 // x
    return acc


def growing(xs):
    n = 0
    for x in xs:
        if x < 3 and len(xs) < 40:
            xs.append(x + 1)
        n += x
    return n, len(xs)


def nested(depth, xs):
    t = 0
    for x in xs:
        t += x
        if depth > 0:
            t += nested(depth - 1, xs)
    return t


BIG = list(range(1000))
SMALL = [1, 2, 3]


def over_global():
    t = 0
    for x in BIG:
        t += x
    for x in SMALL:
        t -= x
    return t


results = []
for k in range(400):
    xs = [k, k + 1, k + 2]
    results.append(total(xs))
    results.append(first_over(xs, k + 1))
    results.append(first_over(xs, k + 5))
    results.append(grid_sum([[0.5 * k, 1.5], [2.0, float(k)]]))
print(sum(results), results[:8], results[-8:])

for xs in ([1, 2, 5], [3, 0, 1], [4, 4], [7, 0]):
    try:
        print("checked", checked(xs))
    except ZeroDivisionError as error:
        print("checked raised", type(error).__name__)

print("big", total(list(range(500))), total([2 ** 62, 2 ** 62]), total([1.5, 2.5]))
print("growing", growing([0, 1, 2]), growing([5]))
print("nested", nested(2, [1, 2, 3]), [nested(1, [k, 1]) for k in range(30)][-3:])
print("globals", over_global(), over_global())
# The items change type after the loop has compiled for ints.
mixed = [total([k, k]) for k in range(300)] + [total([0.5, k]) for k in range(3)] + [total(["a"] * 0)]
print("mixed", mixed[-5:])
try:
    total([1, "x"])
except TypeError as error:
    print("TypeError", error)
