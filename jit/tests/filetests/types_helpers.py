# test: types
# signature: square(float64)
# signature: norm(float64, float64)
# signature: is_even(int64)
# signature: is_odd(int64)
# signature: hypot_int(int64, int64)
import math


def square(x):
    return x * x


def norm(x, y):
    s = square(x) + square(y)
    return math.sqrt(s)


def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


def hypot_int(a, b):
    fa = float(a)
    fb = float(b)
    return norm(fa, fb)
# ---- expected (BLESS=1 regenerates) ----
# ---- types square(float64) ----
# x: float64
# return: float64
# ---- types norm(float64, float64) ----
# s: float64
# x: float64
# y: float64
# return: float64
# ---- types is_even(int64) ----
# cannot compile is_even: the call at line 22 cannot be typed: is_odd fails: cannot tell the type of `$10.3` (line 28): is it assigned on every path?
#    22 |     return is_odd(n - 1)
#       |     ^^^^^^^^^^^^^^^^^^^^
# ---- types is_odd(int64) ----
# cannot compile is_odd: cannot tell the type of `$10.3` (line 28): is it assigned on every path?
#    28 |     return is_even(n - 1)
#       |     ^^^^^^^^^^^^^^^^^^^^^
# ---- types hypot_int(int64, int64) ----
# a: int64
# b: int64
# fa: float64
# fb: float64
# return: float64
