# Innermost `for x in xs` loops that the dispatcher defers (small inputs) run their timed
# copy, the others their copy as written: with break, else, continue, return, an
# exception from the body (their functions stay interpreted: an f-string), recursion into the same loop, and inputs that grow past the
# deferral limit, every entry does what CPython does.


def total(xs, stop):
    label = f"total of {len(xs)}"  # keeps the function itself interpreted
    s = 0
    for x in xs:
        if x == stop:
            break
        if x % 3 == 0:
            continue
        s += x
    else:
        s += 1000
    return s


def first_over(xs, limit):
    label = f"first over {limit}"
    for x in xs:
        if x > limit:
            return x
    return -1


def checked(xs):
    label = f"checked {len(xs)}"
    s = 0
    for x in xs:
        if x < 0:
            raise ValueError(f"negative {x} after {s}")
        s += x * x
    return s


def depth(xs, level):
    s = 0
    for x in xs:
        s += x
        if level > 0 and x == xs[0]:
            s += depth(xs[1:], level - 1)
    return s


out = []
for n in range(1, 400):
    xs = list(range(n % 37 if n < 300 else n))
    out.append(total(xs, n % 11))
    out.append(first_over(xs, n % 13))
    try:
        out.append(checked(xs if n % 17 else xs + [-n]))
    except ValueError as exc:
        out.append(str(exc))
    out.append(depth(xs[:6], 3))
print(len(out), out[:8], out[-8:])
print(sum(v for v in out if isinstance(v, int)))
print([v for v in out if isinstance(v, str)][:4])
