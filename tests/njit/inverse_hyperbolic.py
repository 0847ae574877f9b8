# math.atanh and math.acosh under @njit (ops registry entries; the C library's
# functions), in their domains: CPython computes the same values.
import math

from numba import njit


@njit
def hyperbolic_sums(n):
    a = 0.0
    b = 0.0
    for i in range(n):
        x = (2 * i - (n - 1)) / n
        a += math.atanh(x)
        b += math.acosh(1.0 + i * 0.37)
    return a, b


@njit
def each(x):
    return math.atanh(x), math.acosh(1.0 + x * x), math.atanh(-x)


print(hyperbolic_sums(100001))
for x in [0.0, -0.0, 1e-300, 0.25, 0.5, 0.75, 0.9999999999999999, float("nan")]:
    print(each(x))
vals = [math.atanh(i / 1000.0) for i in range(-999, 1000)]
print(sum(vals), max(vals))
