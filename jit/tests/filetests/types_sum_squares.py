# test: types
# signature: sum_squares(int64)
# signature: sum_squares_float(float64, int64)
# signature: mean_square(int64)
def sum_squares(n):
    total = 0
    for i in range(1, n + 1):
        total += i ** 2
    return total


def sum_squares_float(x, n):
    total = 0
    i = 0
    while i < n:
        total += (x + i) * (x + i)
        i += 1
    return total


def mean_square(n):
    return sum_squares(n) / n
# ---- expected (BLESS=1 regenerates) ----
# ---- types sum_squares(int64) ----
# i: int64
# n: int64
# total: int64
# return: int64
# ---- types sum_squares_float(float64, int64) ----
# i: int64
# n: int64
# total: float64
# x: float64
# return: float64
# ---- types mean_square(int64) ----
# n: int64
# return: float64
