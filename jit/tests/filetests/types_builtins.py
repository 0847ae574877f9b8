# test: types
# signature: int_builtins(int64, int64)
# signature: float_builtins(float64, float64)
# signature: conversions(float64, int64)
# signature: mixed_minmax(int64, float64)
def int_builtins(a, b):
    lo = min(a, b)
    hi = max(a, b, 0)
    dist = abs(a - b)
    return lo + hi + dist


def float_builtins(x, y):
    lo = min(x, y)
    hi = max(x, y)
    mag = abs(x)
    r = round(x)
    r2 = round(y, 2)
    return lo + hi + mag + r + r2


def conversions(x, n):
    i = int(x)
    f = float(n)
    b = bool(n)
    nz = bool(x)
    return i + f + b + nz


def mixed_minmax(n, x):
    lo = min(n, x)
    hi = max(n, 1, 2)
    return lo, hi
# ---- expected (BLESS=1 regenerates) ----
# ---- types int_builtins(int64, int64) ----
# a: int64
# b: int64
# dist: int64
# hi: int64
# lo: int64
# return: int64
# ---- types float_builtins(float64, float64) ----
# hi: float64
# lo: float64
# mag: float64
# r: int64
# r2: float64
# x: float64
# y: float64
# return: float64
# ---- types conversions(float64, int64) ----
# b: bool
# f: float64
# i: int64
# n: int64
# nz: bool
# x: float64
# return: float64
# ---- types mixed_minmax(int64, float64) ----
# hi: int64
# lo: float64
# n: int64
# x: float64
# return: Tuple(float64, int64)
