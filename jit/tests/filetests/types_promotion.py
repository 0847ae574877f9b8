# test: types
# signature: weighted_sum(int64)
# signature: merge_if(bool, int64)
# signature: bool_plus_int(bool, int64)
# signature: grow_until(int64)
def weighted_sum(n):
    acc = 0
    for i in range(n):
        acc += i * 0.5
    return acc


def merge_if(flag, n):
    if flag:
        value = n
    else:
        value = n * 1.5
    return value


def bool_plus_int(flag, n):
    x = flag
    if n > 10:
        x = n
    return x + flag


def grow_until(n):
    size = 1
    while size < n:
        size = size * 1.25
    return size
# ---- expected (BLESS=1 regenerates) ----
# ---- types weighted_sum(int64) ----
# acc: float64
# i: int64
# n: int64
# return: float64
# ---- types merge_if(bool, int64) ----
# flag: bool
# n: int64
# value: float64
# return: float64
# ---- types bool_plus_int(bool, int64) ----
# flag: bool
# n: int64
# x: int64
# return: int64
# ---- types grow_until(int64) ----
# n: int64
# size: float64
# return: float64
