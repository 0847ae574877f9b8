# test: types
# signature: fib(int64)
# signature: factorial(int64)
# signature: gcd(int64, int64)
# signature: power(float64, int64)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)


def power(x, n):
    if n == 0:
        return 1.0
    half = power(x, n // 2)
    if n % 2 == 0:
        return half * half
    return half * half * x
# ---- expected (BLESS=1 regenerates) ----
# ---- types fib(int64) ----
# n: int64
# return: int64
# ---- types factorial(int64) ----
# n: int64
# return: int64
# ---- types gcd(int64, int64) ----
# a: int64
# b: int64
# return: int64
# ---- types power(float64, int64) ----
# half: float64
# n: int64
# x: float64
# return: float64
