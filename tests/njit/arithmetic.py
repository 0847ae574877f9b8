# @njit arithmetic against Python's semantics: floor division and modulo with negative
# operands, true division, float floor/mod, powers, shifts, mixed int and float.
# (Where Numba's semantics differ from Python's, such as a float power that overflows,
# which Python raises and Numba returns inf for, the inputs stay clear.)
from numba import njit


@njit
def int_ops(a, b):
    return a + b, a - b, a * b, a // b, a % b, a / b


@njit
def float_ops(x, y):
    return x + y, x - y, x * y, x / y, x // y, x % y, x ** 2


@njit
def bits(a, s):
    return a << s, a >> s, a & 0xFF, a | 1, a ^ -1, ~a


@njit
def power(base, exp):
    return base ** exp


@njit
def mixed(n, x):
    return n * x + n / 3 - x // 2


for a, b in [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 3), (123456789, 1000)]:
    print("int_ops", a, b, int_ops(a, b))
for x, y in [(7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (0.1, 0.3), (-0.0, 1.0), (1e150, 1e-150)]:
    print("float_ops", x, y, float_ops(x, y))
for a, s in [(1, 3), (-1024, 4), (255, 0), (2**40, 20)]:
    print("bits", a, s, bits(a, s))
print("power", power(3, 13), power(-2, 31), power(7, 0))
print("mixed", mixed(7, 2.5), mixed(-3, -0.5))
print("max int", int_ops(2**63 - 1, 1)[3:5])
