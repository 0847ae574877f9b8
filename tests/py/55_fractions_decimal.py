# fractions.Fraction and decimal.Decimal: exact arithmetic, rounding modes, contexts, conversions.
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

a = Fraction(1, 3)
b = Fraction(2, 7)
print(a + b, a - b, a * b, a / b, a ** 2, -a, abs(-b))
print(repr(a), Fraction(6, 8), Fraction("3/4"), Fraction("1.25"), Fraction(0.5), Fraction(-10, 4))
print(a.numerator, a.denominator, float(a), int(Fraction(7, 2)), round(Fraction(7, 2)), round(Fraction(5, 2)))
print(Fraction(0.1), Fraction(0.1).limit_denominator(100), Fraction(3.14159).limit_denominator(1000))
print(sum(Fraction(1, n) for n in range(1, 11)), Fraction(1, 3) == 1 / 3, Fraction(1, 2) == 0.5, Fraction(1, 2) < 0.6)
print(sorted([Fraction(2, 3), Fraction(1, 2), Fraction(3, 5)]), max(Fraction(1, 3), 0.3), Fraction(5, 1))
print(Fraction(22, 7) // 1, Fraction(22, 7) % 1, divmod(Fraction(22, 7), Fraction(1, 2)), Fraction(1, 3).as_integer_ratio())


def harmonic(n):
    return sum(Fraction(1, k) for k in range(1, n + 1))


print(harmonic(20))

x = Decimal("0.1")
y = Decimal("0.2")
print(x + y, x + y == Decimal("0.3"), repr(x + y), Decimal(0.1))
print(Decimal("1.10") + Decimal("2.205"), Decimal("10") / Decimal("4"), Decimal("1") / Decimal("7"))
print(Decimal("2.675").quantize(Decimal("0.01"), rounding=ROUND_HALF_UP), Decimal("2.665").quantize(Decimal("0.01")))
print(Decimal("2.5").quantize(Decimal("1"), rounding=ROUND_HALF_EVEN), Decimal("-7.89").quantize(Decimal("0.1"), rounding=ROUND_DOWN))
print(Decimal("123.4500").normalize(), Decimal("1E+3"), Decimal("1000").normalize(), Decimal("-0"), Decimal("1.0") == Decimal("1"))
print(Decimal(10) ** 20, Decimal("2").sqrt(), Decimal("1.21").sqrt(), Decimal(-5) // 2, Decimal(-5) % 2)
with localcontext() as ctx:
    ctx.prec = 50
    print(Decimal(1) / Decimal(7))
    print(Decimal(2).sqrt())
with localcontext() as ctx:
    ctx.prec = 5
    print(Decimal("3.14159265") + 0, Decimal(1) / 3, +Decimal("123456789"))
print(Decimal("NaN").is_nan(), Decimal("Infinity") > 10 ** 100, Decimal("1.5").as_tuple(), Decimal("-12.34").as_integer_ratio())
print(int(Decimal("9.99")), float(Decimal("0.125")), str(Decimal("1e-10")), f"{Decimal('1234.5678'):.2f}", f"{Decimal('1234.5'):,}")
prices = [Decimal("19.99"), Decimal("5.01"), Decimal("0.10")]
total = sum(prices, Decimal("0"))
tax = (total * Decimal("0.0825")).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
print(total, tax, total + tax, max(prices), sorted(prices))
print(Decimal("3.000").compare(Decimal("3")), Decimal("7").max(Decimal("9")), Decimal("1.23e5").adjusted(), Decimal("0.00123").adjusted())
print(Fraction(Decimal("0.75")), Decimal(Fraction(3, 8).numerator) / Fraction(3, 8).denominator)
