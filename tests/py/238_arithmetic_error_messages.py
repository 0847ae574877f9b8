# ZeroDivisionError says what CPython 3.11 says for each type and operator, in the
# interpreter and when native code meets the zero divisor (it hands the division back
# to the interpreter, which raises): rustpython said "division by zero" for all of them.
# A `math` function's domain error says "math domain error" (rustpython named the input:
# "expected a positive input, got 0.0"), and `fsum` its own words.
import math
cases = [
    "1 // 0", "1 % 0", "divmod(1, 0)", "1 / 0", "1.0 // 0", "1.0 % 0", "divmod(1.0, 0)",
    "1.0 / 0", "1 // 0.0", "1 % 0.0", "(2 ** 70) // 0", "(2 ** 70) % 0", "divmod(2 ** 70, 0)",
    "True // False", "True % False", "0 ** -1", "0.0 ** -1", "(1 + 0j) / 0", "int.__floordiv__(7, 0)",
    "float.__mod__(7.0, 0.0)", "float.__rtruediv__(0.0, 1.0)", "int.__rmod__(0, 3)",
]
for case in cases:
    try:
        print(case, eval(case))
    except ZeroDivisionError as error:
        print(case, "ZeroDivisionError:", error)


class Int(int):
    pass


for case in ("Int(5) // 0", "Int(5) % Int(0)", "5.0 % Int(0)"):
    try:
        eval(case)
    except ZeroDivisionError as error:
        print(case, error)


def floor_all(xs, d):
    t = 0
    for x in xs:
        t += x // d
    return t


def mod_all(xs, d):
    t = 0.0
    for x in xs:
        t += x % d
    return t


def divide_all(xs, d):
    t = 0.0
    for x in xs:
        t += x / d
    return t


def caught(n):
    out = 0
    for i in range(n):
        try:
            out += 10 % (i % 3)
        except ZeroDivisionError as error:
            out += len(str(error))
    return out


for function, args in (
    (floor_all, (list(range(3000)), 0)),
    (mod_all, ([1.5] * 3000, 0.0)),
    (divide_all, ([2.5] * 3000, 0.0)),
    (floor_all, (list(range(3000)), 7)),
):
    for _ in range(3):
        try:
            print(function.__name__, function(*args))
        except ZeroDivisionError as error:
            print(function.__name__, "ZeroDivisionError:", error)
print(caught(5000))

inf, nan = float("inf"), float("nan")
for case in (
    "math.sqrt(-1)", "math.log(0)", "math.log(-1)", "math.log(0, 2)", "math.log(2, 0)", "math.log(2, -1)",
    "math.log10(0.0)", "math.log2(-1)", "math.log1p(-1)", "math.acos(2)", "math.asin(-2)", "math.acosh(0)",
    "math.atanh(1)", "math.sin(inf)", "math.cos(-inf)", "math.tan(inf)", "math.fmod(1, 0)", "math.fmod(inf, 1)",
    "math.remainder(1, 0)", "math.pow(0, -1)", "math.pow(-1, 0.5)", "math.pow(10, 1000)", "math.gamma(0)",
    "math.gamma(-1)", "math.lgamma(-2)", "math.exp(1000)", "math.log(-(10**400))", "math.fsum([inf, -inf])",
    "math.factorial(-1)", "math.isqrt(-1)", "math.sqrt('x')",
):
    try:
        print(case, eval(case))
    except (ValueError, OverflowError, TypeError) as error:
        print(case, type(error).__name__, error)


def roots(xs):
    t = 0.0
    for x in xs:
        t += math.sqrt(x) + math.log(x + 1.0)
    return t


for xs in ([4.0] * 3000, [4.0] * 2000 + [-1.0], [4.0] * 2000 + [-2.0]):
    try:
        print(roots(xs))
    except ValueError as error:
        print("ValueError", error)
