# test: types
# signature: divmod_pair(int64, int64)
# signature: use_pair(int64, int64)
# signature: swap_diff(int64, float64)
# signature: fib_iter(int64)
def divmod_pair(a, b):
    q = a // b
    r = a % b
    return q, r


def use_pair(a, b):
    q, r = divmod_pair(a, b)
    check = q * b + r
    return check == a


def swap_diff(a, x):
    p = (a, x)
    u, v = p
    u, v = v, u
    return u - v


def fib_iter(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
# ---- expected (BLESS=1 regenerates) ----
# ---- types divmod_pair(int64, int64) ----
# a: int64
# b: int64
# q: int64
# r: int64
# return: UniTuple(int64 x 2)
# ---- types use_pair(int64, int64) ----
# a: int64
# b: int64
# check: int64
# q: int64
# r: int64
# return: bool
# ---- types swap_diff(int64, float64) ----
# a: int64
# p: Tuple(int64, float64)
# u: float64
# v: float64
# x: float64
# return: float64
# ---- types fib_iter(int64) ----
# _: int64
# a: int64
# b: int64
# n: int64
# return: int64
