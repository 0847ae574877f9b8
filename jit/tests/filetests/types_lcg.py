# test: types
# signature: lcg_next(int64)
# signature: lcg_run(int64, int64)
# signature: lcg_uniform(int64, int64)
def lcg_next(x):
    a = 1103515245
    c = 12345
    m = 2147483648
    x = (a * x + c) % m
    return x


def lcg_run(seed, n):
    x = seed
    for _ in range(n):
        x = lcg_next(x)
    return x


def lcg_uniform(seed, n):
    x = seed
    total = 0
    for _ in range(n):
        x = (1664525 * x + 1013904223) % 4294967296
        total += x / 4294967296
    return total / n
# ---- expected (BLESS=1 regenerates) ----
# ---- types lcg_next(int64) ----
# a: int64
# c: int64
# m: int64
# x: int64
# return: int64
# ---- types lcg_run(int64, int64) ----
# _: int64
# n: int64
# seed: int64
# x: int64
# return: int64
# ---- types lcg_uniform(int64, int64) ----
# _: int64
# n: int64
# seed: int64
# total: float64
# x: int64
# return: float64
