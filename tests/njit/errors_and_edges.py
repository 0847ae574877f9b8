# Exceptions leave native code with the interpreter's types; edge values survive the
# round trip: -0.0, inf, nan, the largest int64, bools.
import math

from numba import njit


@njit
def divide(a, b):
    return a // b


@njit
def fdivide(x, y):
    return x / y


@njit
def check(n):
    if n < 0:
        raise ValueError("negative", 10)
    return n


@njit
def identity_float(x):
    return x


@njit
def is_nan(x):
    return x != x


for args in [(7, 0), (7, 2)]:
    try:
        print("divide", divide(*args))
    except ZeroDivisionError as e:
        print("ZeroDivisionError", type(e).__name__)
try:
    fdivide(1.0, 0.0)
except ZeroDivisionError:
    print("float ZeroDivisionError")
try:
    check(-5)
except ValueError as e:
    print("ValueError", e.args[0])
print(check(5))
print(identity_float(-0.0), math.copysign(1.0, identity_float(-0.0)))
print(identity_float(float("inf")), identity_float(-float("inf")), is_nan(float("nan")), is_nan(1.0))
print(divide(2**63 - 1, 1), divide(-(2**63), 1))


@njit
def depth(n):
    if n == 0:
        return 0
    return depth(n - 1) + 1


# Native recursion is bounded by the interpreter's recursion limit (never a crash).
try:
    depth(100000)
except RecursionError:
    print("RecursionError")
print(depth(100))
