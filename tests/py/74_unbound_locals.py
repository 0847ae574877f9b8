# Locals read while unbound on the path taken: native code must not read a stale
# register; CPython raises UnboundLocalError (only the type is printed: the wording
# differs between versions).


def last_index(n):
    for i in range(n):
        pass
    return i


def only_if_positive(n):
    if n > 0:
        y = n * 2
    return y


def deleted(n):
    z = n + 1
    if n > 5:
        del z
    return z


def loop_then_maybe(n):
    t = 0
    for k in range(n):
        t += k
        last = k
    return t + last


for f in (last_index, only_if_positive, deleted, loop_then_maybe):
    for n in (3, 0, 10, -1):
        try:
            print(f.__name__, n, f(n))
        except UnboundLocalError as exc:
            print(f.__name__, n, type(exc).__name__)
