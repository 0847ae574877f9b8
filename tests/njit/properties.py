# Property check: native code against the interpreter (`f.py_func`) on seeded random
# inputs, edge values included. Prints only counts, so CPython (where both sides are the
# same function) and pynum must print the same lines.
import math
import random

from numba import njit


@njit
def poly(a, b):
    return (a * 3 - b) // 7 + (a % 11) * (b % 5) - abs(a - b)


@njit
def fpoly(x, y):
    return (x * y - y / 3.0) + x % 1.5 - math.floor(y) + min(x, y)


@njit
def mixed(n, x):
    acc = 0.0
    for i in range(n % 50):
        acc += (i * x) % 7.0 - i // 3
    return acc


def same(a, b):
    if isinstance(a, float) and isinstance(b, float):
        return (a == b and math.copysign(1, a) == math.copysign(1, b)) or (a != a and b != b)
    return a == b


random.seed(1234)
edges_int = [0, 1, -1, 7, -7, 2**31, -(2**31), 10**9, -(10**9)]
edges_float = [0.0, -0.0, 1.5, -1.5, 1e-300, 1e300, 0.1, -2.5, float("inf")]
checks = mismatches = 0
for _ in range(300):
    a = random.choice(edges_int + [random.randint(-10**6, 10**6)])
    b = random.choice(edges_int + [random.randint(-10**6, 10**6)])
    x = random.choice(edges_float + [random.uniform(-1e3, 1e3)])
    # math.floor of a float beyond 2**63 is an unbounded int in Python and int64 in
    # Numba, so y stays inside int64's range.
    y = random.choice(edges_float[:4] + edges_float[6:-1] + [random.uniform(-1e3, 1e3)])
    for f, args in [(poly, (a, b)), (fpoly, (x, y)), (mixed, (abs(a), x))]:
        reference = getattr(f, "py_func", f)
        try:
            expected = reference(*args)
        except Exception as e:
            expected = type(e).__name__
        try:
            actual = f(*args)
        except Exception as e:
            actual = type(e).__name__
        checks += 1
        if not same(actual, expected):
            mismatches += 1
            print("MISMATCH", f.__name__, args, expected, actual)
print("checks", checks, "mismatches", mismatches)
