# test: types
# signature: count_digits(int64)
# signature: collatz_steps(int64)
# signature: isqrt_newton(int64)
def count_digits(n):
    if n < 0:
        n = -n
    count = 1
    while n >= 10:
        n //= 10
        count += 1
    return count


def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def isqrt_newton(n):
    x = n
    y = (x + 1) // 2
    while y < x:
        x = y
        y = (x + n // x) // 2
    return x
# ---- expected (BLESS=1 regenerates) ----
# ---- types count_digits(int64) ----
# count: int64
# n: int64
# return: int64
# ---- types collatz_steps(int64) ----
# n: int64
# steps: int64
# return: int64
# ---- types isqrt_newton(int64) ----
# n: int64
# x: int64
# y: int64
# return: int64
