# Float and complex powers, int true division and math.log with a base, as CPython 3.11
# computes them (issue 12, items 11-13): C99's pow special values, a negative base to a
# non-integer power is complex, an overflow is OverflowError(34, ...), a zero quotient of
# ints takes the sign of the operands, a base of 1 divides by zero.
import math

inf = float('inf')
nan = float('nan')


def show(label, compute):
    try:
        print(label, '=', repr(compute()))
    except Exception as e:
        # 3.11 and 3.14 word the zero-power errors differently; the type and the number
        # of arguments agree.
        print(label, '!', type(e).__name__, len(e.args))


def overflow_args(compute):
    try:
        compute()
    except OverflowError as e:
        return e.args


bases = [0.0, -0.0, 1.0, -1.0, 0.5, -1.5, 2.0, -2.0, 5e-324, 1e308, -1e308, inf, -inf, nan, 0, -1, 2, -2, 10]
exponents = [0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 0.1, 2.0, 3.0, -3.0, 5e-324, 1e308, inf, -inf, nan, 0, 1, -1, 2, -2, 3, -1074]
for base in bases:
    for exponent in exponents:
        show(f'{base!r} ** {exponent!r}', lambda: base ** exponent)
        show(f'pow({base!r}, {exponent!r})', lambda: pow(base, exponent))
        if isinstance(base, float):
            show(f'{base!r}.__pow__({exponent!r})', lambda: base.__pow__(exponent))
        if isinstance(exponent, float):
            show(f'{exponent!r}.__rpow__({base!r})', lambda: exponent.__rpow__(base))

# The cases of the issue, on variables (literals are folded by the compiler).
two, minus_1074 = 2, -1074
print(two ** minus_1074, 2.0 ** minus_1074)
zero, negzero, half = 0.0, -0.0, 0.5
print(negzero ** half, negzero ** 1.5, negzero ** 0.1, zero ** negzero, zero ** -inf)
print((-inf) ** 1.5, (-inf) ** -1.5, (-1.5) ** 5e-324)
x = 10.0
x **= 2.5
print(x)
print(overflow_args(lambda: 10.0 ** 400.5))
print(overflow_args(lambda: (-10.0) ** 401.0))
print(overflow_args(lambda: 2 ** 1025.0))

# Complex powers: small integral exponents by squaring, others through the polar form.
complexes = [0j, 1j, -1j, 1 + 2j, 2 + 0j, complex(-0.0, 0.0), complex(inf, 0), complex(0, inf), -1 + 0j]
for a in complexes + [2.0, -2.0, 2]:
    for b in complexes + [0.5, -0.5, 2, -2, 3, 0, 1e308, 100, 101, 1e-300]:
        show(f'{a!r} ** {b!r}', lambda: a ** b)
        show(f'{a!r} / {b!r}', lambda: a / b)
        show(f'{a!r} * {b!r}', lambda: a * b)
        show(f'{a!r} + {b!r}', lambda: a + b)
        show(f'{a!r} - {b!r}', lambda: a - b)
two_c = 2 + 0j
one_two, unit = 1 + 2j, 1j
print(two_c ** 0.5, one_two ** 0.5, unit ** one_two)

# int / int: a zero quotient is negative when exactly one operand is.
for a in [0, -0, 1, -1, 3, 10**400, -10**400]:
    for b in [1, -1, 5, -5, 10**400, -10**400, True]:
        show(f'{a} / {b}', lambda: a / b)
        show(f'{a} // {b}', lambda: a // b)
        show(f'{float(a) if abs(a) < 1e300 else 0.0} / {b}', lambda: (float(a) if abs(a) < 1e300 else 0.0) / b)
print(False / -1, 0 / -1, -0 / 3, 0 // -1)

# math.log with a base is log(x) / log(base); a base of 1 divides by zero.
for x in [8.0, 1.0, 0.5, 100, 10**400, 2**1024, True]:
    for base in [1.0, 1, 2, 2.0, 0.5, 10, 10**400, 2**1024, inf]:
        show(f'math.log({x}, {base})', lambda: math.log(x, base))
for x in [0.0, -1.0, 0, -1, inf, -inf, nan]:
    try:
        math.log(x, 2)
        print('log', x, 'ok', math.log(x, 2))
    except ValueError:
        print('log', x, 'ValueError')
print(math.log(8.0), math.log(10**400), math.log2(2**2000), math.log10(10**400), math.log(8, 2))
print(math.pow(2.0, -1074), math.pow(-0.0, 0.5), math.pow(0.0, -0.0))
