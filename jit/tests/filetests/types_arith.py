# test: types
# signature: add_sub_mul(int64, int64)
# signature: int_ops(int64, int64)
# signature: bit_ops(int64, int64)
# signature: float_arith(float64, float64)
# signature: mixed_arith(int64, float64)
def add_sub_mul(a, b):
    s = a + b
    d = a - b
    p = a * b
    neg = -s
    return s + d * p + neg


def int_ops(a, b):
    q = a // b
    r = a % b
    c = a ** 3
    sq = b ** 2
    return q + r + c - sq


def bit_ops(a, b):
    shl = a << 3
    shr = b >> 1
    both = a & b
    either = a | b
    diff = a ^ b
    inv = ~a
    return shl + shr + both + either + diff + inv


def float_arith(x, y):
    s = x + y
    p = x * y
    d = x - y
    m = x % y
    f = x // y
    return s * p - d + m + f


def mixed_arith(n, x):
    a = n + x
    b = n * 2
    c = b - x
    d = n % 7 + x
    return a + c + d
# ---- expected (BLESS=1 regenerates) ----
# ---- types add_sub_mul(int64, int64) ----
# a: int64
# b: int64
# d: int64
# neg: int64
# p: int64
# s: int64
# return: int64
# ---- types int_ops(int64, int64) ----
# a: int64
# b: int64
# c: int64
# q: int64
# r: int64
# sq: int64
# return: int64
# ---- types bit_ops(int64, int64) ----
# a: int64
# b: int64
# both: int64
# diff: int64
# either: int64
# inv: int64
# shl: int64
# shr: int64
# return: int64
# ---- types float_arith(float64, float64) ----
# d: float64
# f: float64
# m: float64
# p: float64
# s: float64
# x: float64
# y: float64
# return: float64
# ---- types mixed_arith(int64, float64) ----
# a: float64
# b: int64
# c: float64
# d: float64
# n: int64
# x: float64
# return: float64
