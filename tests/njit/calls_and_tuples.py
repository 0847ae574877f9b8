# Calls between compiled functions (recursion, helpers), tuples in and out, math
# functions and builtins under @njit.
import math

from numba import njit


@njit
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@njit
def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


@njit
def square(x):
    return x * x


@njit
def norm(x, y):
    return math.sqrt(square(x) + square(y))


@njit
def divmod_pair(a, b):
    return a // b, a % b


@njit
def use_pair(a, b):
    q, r = divmod_pair(a, b)
    return q * b + r == a, q, r


@njit
def builtins_mix(x, n):
    # min/max of an int and a float return a float64 under Numba (the unified type),
    # the original object under Python: the arguments here share a type.
    return abs(-x), min(x, 1.25), max(x, 0.5, -3.0), min(n, 4), int(x), float(n), round(x), bool(n)


@njit
def maths(x):
    return math.floor(x), math.ceil(x), math.fabs(-x), math.exp(1.0) > 2.7, math.isnan(x), math.pi * 2


print(fib(20), gcd(1071, 462), gcd(17, 5))
print(norm(3.0, 4.0), norm(1, 1))
print(use_pair(17, 5), use_pair(-17, 5))
print(builtins_mix(2.675, 3), builtins_mix(-1.5, -7), builtins_mix(2.5, 0))
print(maths(2.5), maths(-2.5))
