# test: types
# signature: polar(float64, float64)
# signature: floor_ceil(float64)
# signature: gaussian(float64, float64)
# signature: check_nan(float64)
# signature: circle_area(int64)
import math


def polar(x, y):
    r = math.hypot(x, y)
    theta = math.atan2(y, x)
    return r, theta


def floor_ceil(x):
    lo = math.floor(x)
    hi = math.ceil(x)
    width = hi - lo
    return width


def gaussian(x, sigma):
    z = x / sigma
    norm = 1.0 / (sigma * math.sqrt(2.0 * math.pi))
    return norm * math.exp(-0.5 * z * z)


def check_nan(x):
    y = math.log(math.fabs(x) + 1.0)
    w = math.sin(x) * math.cos(x)
    bad = math.isnan(y + w)
    return bad


def circle_area(r):
    area = math.pi * r * r
    return area
# ---- expected (BLESS=1 regenerates) ----
# ---- types polar(float64, float64) ----
# r: float64
# theta: float64
# x: float64
# y: float64
# return: UniTuple(float64 x 2)
# ---- types floor_ceil(float64) ----
# hi: int64
# lo: int64
# width: int64
# x: float64
# return: int64
# ---- types gaussian(float64, float64) ----
# norm: float64
# sigma: float64
# x: float64
# z: float64
# return: float64
# ---- types check_nan(float64) ----
# bad: bool
# w: float64
# x: float64
# y: float64
# return: bool
# ---- types circle_area(int64) ----
# area: float64
# r: int64
# return: float64
