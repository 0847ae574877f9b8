# test: types
# signature: sum_to(int64)
# signature: sum_between(int64, int64)
# signature: sum_stepped(int64, int64, int64)
# signature: countdown_product(int64)
def sum_to(n):
    total = 0
    for i in range(n):
        total += i
    return total


def sum_between(lo, hi):
    total = 0
    for i in range(lo, hi):
        total = total + i * i
    return total


def sum_stepped(start, stop, step):
    total = 0
    count = 0
    for i in range(start, stop, step):
        total += i
        count += 1
    return total, count


def countdown_product(n):
    prod = 1.0
    for k in range(n, 0, -1):
        prod *= k
    return prod
# ---- expected (BLESS=1 regenerates) ----
# ---- types sum_to(int64) ----
# i: int64
# n: int64
# total: int64
# return: int64
# ---- types sum_between(int64, int64) ----
# hi: int64
# i: int64
# lo: int64
# total: int64
# return: int64
# ---- types sum_stepped(int64, int64, int64) ----
# count: int64
# i: int64
# start: int64
# step: int64
# stop: int64
# total: int64
# return: UniTuple(int64 x 2)
# ---- types countdown_product(int64) ----
# k: int64
# n: int64
# prod: float64
# return: float64
