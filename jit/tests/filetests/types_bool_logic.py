# test: types
# signature: in_range(int64, int64, int64)
# signature: xor_bool(bool, bool)
# signature: both_positive(float64, float64)
# signature: ordered3(float64, float64, float64)
def in_range(lo, x, hi):
    inside = lo <= x < hi
    edge = x == lo or x == hi - 1
    return inside and not edge


def xor_bool(a, b):
    either = a or b
    both = a and b
    return either and not both


def both_positive(x, y):
    px = x > 0.0
    py = y > 0.0
    ok = px and py
    return ok


def ordered3(a, b, c):
    asc = a <= b <= c
    desc = a >= b >= c
    return asc or desc
# ---- expected (BLESS=1 regenerates) ----
# ---- types in_range(int64, int64, int64) ----
# edge: bool
# hi: int64
# inside: bool
# lo: int64
# x: int64
# return: bool
# ---- types xor_bool(bool, bool) ----
# a: bool
# b: bool
# both: bool
# either: bool
# return: bool
# ---- types both_positive(float64, float64) ----
# ok: bool
# px: bool
# py: bool
# x: float64
# y: float64
# return: bool
# ---- types ordered3(float64, float64, float64) ----
# a: float64
# asc: bool
# b: float64
# c: float64
# desc: bool
# return: bool
