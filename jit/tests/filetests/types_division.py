# test: types
# signature: div_ints(int64, int64)
# signature: div_floats(float64, float64)
# signature: average3(int64, int64, int64)
# signature: split_bill(int64, int64)
def div_ints(a, b):
    q = a / b
    half = a / 2
    return q + half


def div_floats(x, y):
    r = x / y
    inv = 1 / y
    return r * inv


def average3(a, b, c):
    total = a + b + c
    mean = total / 3
    return mean


def split_bill(cents, people):
    each = cents // people
    leftover = cents % people
    exact = cents / people
    return exact - each + leftover / people
# ---- expected (BLESS=1 regenerates) ----
# ---- types div_ints(int64, int64) ----
# a: int64
# b: int64
# half: float64
# q: float64
# return: float64
# ---- types div_floats(float64, float64) ----
# inv: float64
# r: float64
# x: float64
# y: float64
# return: float64
# ---- types average3(int64, int64, int64) ----
# a: int64
# b: int64
# c: int64
# mean: float64
# total: int64
# return: float64
# ---- types split_bill(int64, int64) ----
# cents: int64
# each: int64
# exact: float64
# leftover: int64
# people: int64
# return: float64
