# test: types
# signature: smallest_divisor(int64)
# signature: safe_ratio(int64, int64)
# signature: first_square_above(int64)
# signature: threshold(float64, int64)
def smallest_divisor(n):
    for d in range(2, n):
        if n % d == 0:
            return d
    return n


def safe_ratio(a, b):
    if b == 0:
        return 0
    return a / b


def first_square_above(limit):
    i = 0
    while True:
        sq = i * i
        if sq > limit:
            return sq
        i += 1


def threshold(x, n):
    for i in range(n):
        if x > i:
            return x
    return n
# ---- expected (BLESS=1 regenerates) ----
# ---- types smallest_divisor(int64) ----
# d: int64
# n: int64
# return: int64
# ---- types safe_ratio(int64, int64) ----
# a: int64
# b: int64
# return: float64
# ---- types first_square_above(int64) ----
# i: int64
# limit: int64
# sq: int64
# return: int64
# ---- types threshold(float64, int64) ----
# i: int64
# n: int64
# x: float64
# return: float64
