# test: types
# signature: clamp(int64, int64, int64)
# signature: sign(float64)
# signature: abs_or_half(int64)
# signature: grade(int64)
# signature: piecewise(float64)
# signature: bucket(int64, bool)
def clamp(x, lo, hi):
    y = lo if x < lo else x
    z = hi if y > hi else y
    return z


def sign(x):
    s = 1 if x > 0 else (-1 if x < 0 else 0)
    return s


def abs_or_half(n):
    v = n if n >= 0 else n / 2
    return v


def grade(score):
    if score >= 90:
        g = 4
    elif score >= 80:
        g = 3
    elif score >= 70:
        g = 2
    else:
        g = 0
    return g


def piecewise(x):
    if x < 0.0:
        y = 0
    elif x < 1.0:
        y = x * x
    else:
        y = 2 * x - 1
    return y


def bucket(n, coarse):
    if coarse:
        b = n // 100
    elif n < 0:
        b = False
    else:
        b = n // 10
    return b
# ---- expected (BLESS=1 regenerates) ----
# ---- types clamp(int64, int64, int64) ----
# hi: int64
# lo: int64
# x: int64
# y: int64
# z: int64
# return: int64
# ---- types sign(float64) ----
# s: int64
# x: float64
# return: int64
# ---- types abs_or_half(int64) ----
# n: int64
# v: float64
# return: float64
# ---- types grade(int64) ----
# g: int64
# score: int64
# return: int64
# ---- types piecewise(float64) ----
# x: float64
# y: float64
# return: float64
# ---- types bucket(int64, bool) ----
# b: int64
# coarse: bool
# n: int64
# return: int64
