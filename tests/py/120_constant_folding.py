# Arithmetic on numbers written in the source: rustpython's compiler folded it with
# arithmetic of its own (4.0 // 2.0 was 0.0, 2 ** -1074 was 0.0, int / int went through
# f64); pynum folds it with the interpreter's number protocol, as CPython 3.11 folds.
import sys

sys.dont_write_bytecode = True  # the helper package below, under CPython

# Float floor division and modulo, whose remainder is zero and otherwise.
print(4.0 // 2.0, 1 // 1.0, 9 // 3.0, -4 // 2.0, 1 // 5e-324)
print(-7 // 2.0, 7 // -2.0, 0.0 // -1.0, -0.0 // 1.0, 1e308 // 1e-308, 7.5 // 0.5)
print(7.5 % 2, -7.5 % 2, 7 % -3.0, -0.0 % 1.0, 0.0 % -1.0, 10 % 3.0, 1e300 % 7.0, 6.0 % 3.0)
print(5 // 0.1, 5 % 0.1, 1 // 0.1, 1 % 0.1, -1 // 0.1, -1 % 0.1)

# Int true division, correctly rounded.
print((2**53 + 1) / 3, 2**64 / (2**53 + 1), 1 / (2**53 + 1))
print(2**63 / 3, (2**53 + 3) / 2, -(2**60 + 1) / 7, 10**30 / 10**29, 1 / 3, -1 / 3, 0 / -5)
print(True / 3, 7 / True, 123456789123456789 / 1000)

# Powers.
print(2 ** -1074, 65 ** -63, 2 ** -1, 10 ** -5, (-2) ** -3, 3 ** -40, 7 ** -300)
print(2 ** 0.5, 2.0 ** -1074, 10.0 ** -5, 1.5 ** 2, (-8) ** (1 / 3), (-1) ** 0.5, 0.0 ** 0)
print((2+0j) ** 0.5, 1j ** (1+2j), 1j ** 2, (1+1j) ** 3, (2+0j) ** -1, 2 ** 1j, (1+2j) ** 0.5)

# Complex arithmetic with constants.
print((1+2j) * (3-4j), (1+2j) / (3-4j), 1 / 3j, 2 - 0j, -0.0 - 0j, 0.0 - 0j, 1.5 + 2j)
print((1e308 + 1e308j) * 2, 3 * (1-1j), (1+2j) - 3, 2.5 / (1+1j), -(1+2j), +(2-3j), -(3 / 2j))

# Mixed int and float, unary minus around folded results, nested expressions.
print(1 + 0.1, 3 * 0.1, 0.1 * 3 + 1, 2 ** 53 + 1.0, -(2 ** -1074), (4.0 // 2.0) * 3)
print(-(4.0 // 2.0), ~(2 ** 10) / 3, -(1 / 3), (1 - 2 ** -53) * 2, ((1 // 0.5) ** 2) % 3)
print(1e308 * 10, -1e308 * 10, 1e308 * 10 - 1e308 * 10, 10.0 ** 308 * 10)
print(0.1 + 0.2, 1e16 + 1.0, 2 ** 1000 / 3.0, 2 ** 200 / 7, 1 << 100, 7 >> 1, 6 & 3 | 8 ^ 1)

# Operations that raise are left to run time.
for text in ["1 / 0", "1.0 // 0.0", "1.0 % 0", "0.0 ** -1", "10.0 ** 400", "(1+0j) / 0", "10 ** 400 / 3.0"]:
    try:
        print(text, eval(text))
    except (ZeroDivisionError, OverflowError) as exc:
        print(text, type(exc).__name__)
def divide_by_zero():
    return 1.0 // 0.0
try:
    divide_by_zero()
except ZeroDivisionError:
    print("ZeroDivisionError at run time")

# Every position an expression can take.
def defaults(a=4.0 // 2.0, *, b=2 ** -1074):
    return a, b
print(defaults(), (lambda x=9 // 3.0: x)(), [1 // 1.0 for _ in range(2)], {k: 2 ** -1 for k in "a"})
print(f"{4.0 // 2.0} {2 ** -1074!r} {(2+0j) ** 0.5:.16f}")
class Holder:
    scale = 4.0 // 2.0
    def method(self):
        return 9 // 3.0
print(Holder.scale, Holder().method())
def lifted(n):
    total = 0.0
    for i in range(n):
        total += i * (4.0 // 2.0) + 2 ** -1074
    return total
print(lifted(10), lifted(1000))
value = 3
match value:
    case 3 if 4.0 // 2.0 == 2.0:
        print("guard folded")

# compile(), exec() and eval() of source strings, and a module imported from source.
exec(compile("print(4.0 // 2.0, 2 ** -1074, (2**53 + 1) / 3)", "<compiled>", "exec"))
exec("print(1 // 5e-324, 65 ** -63)")
exec(b"print(9 // 3.0, (2+0j) ** 0.5)")
print(eval("  -4 // 2.0"), eval(compile("2 ** -1074", "<e>", "eval")), eval("(4.0 // 2.0) * 3"))
namespace = {}
exec("def f(x=4.0 // 2.0):\n    return x, 1 // 1.0\n", namespace)
print(namespace["f"]())
from fold_helpers import folded
print(folded.CONSTANTS, folded.loop(5), folded.plain())
