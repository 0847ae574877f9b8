# test: types
# signature: first_multiple(int64, int64)
# signature: sum_odd(int64)
# signature: is_prime(int64)
# signature: search_while_else(int64, int64)
def first_multiple(n, k):
    found = -1
    for i in range(1, n):
        if i % k == 0:
            found = i
            break
    else:
        found = 0
    return found


def sum_odd(n):
    total = 0
    for i in range(n):
        if i % 2 == 0:
            continue
        total += i
    return total


def is_prime(n):
    if n < 2:
        return False
    d = 2
    prime = True
    while d * d <= n:
        if n % d == 0:
            prime = False
            break
        d += 1
    return prime


def search_while_else(n, target):
    i = 0
    pos = 0.5
    while i < n:
        if i * i == target:
            pos = i
            break
        i += 1
    else:
        pos = -1
    return pos
# ---- expected (BLESS=1 regenerates) ----
# ---- types first_multiple(int64, int64) ----
# found: int64
# i: int64
# k: int64
# n: int64
# return: int64
# ---- types sum_odd(int64) ----
# i: int64
# n: int64
# total: int64
# return: int64
# ---- types is_prime(int64) ----
# d: int64
# n: int64
# prime: bool
# return: bool
# ---- types search_while_else(int64, int64) ----
# i: int64
# n: int64
# pos: float64
# target: int64
# return: float64
