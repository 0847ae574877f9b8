# math module: integer functions exactly, transcendental functions rounded for portability.
import math

print(math.pi, math.e, math.tau, math.inf, -math.inf)
print(math.sqrt(16), math.sqrt(2), math.isqrt(99), math.isqrt(10 ** 20))
print(math.factorial(20), math.gcd(48, 180), math.gcd(0, 0), math.gcd(12, 18, 30), math.lcm(4, 6, 10))
print(math.comb(10, 3), math.perm(5, 2), math.perm(5), math.prod([1, 2, 3, 4]), math.prod([]))
print(math.floor(3.7), math.ceil(3.2), math.floor(-3.7), math.ceil(-3.2), math.trunc(9.99))
print(math.fabs(-4), math.copysign(3, -0.0), math.fmod(-7, 3), -7 % 3, math.remainder(7, 4))
print(math.modf(3.75), math.modf(-2.5), math.frexp(8.0), math.ldexp(0.5, 4))
print(math.hypot(3, 4), math.hypot(1, 2, 2), math.dist((0, 0), (6, 8)))
print(math.isclose(1.0, 1.0 + 1e-10), math.isclose(1.0, 1.1), math.isclose(0, 1e-12, abs_tol=1e-9))
print(math.fsum([0.1] * 10), math.fsum([1, 1e100, 1, -1e100]))


def r(x):
    return round(x, 10)


print(r(math.sin(math.pi / 6)), r(math.cos(math.pi / 3)), r(math.tan(math.pi / 4)))
print(r(math.asin(1)), r(math.acos(0)), r(math.atan(1)), r(math.atan2(1, -1)))
print(r(math.exp(1)), r(math.log(100, 10)), r(math.log10(1000)), r(math.log2(1024)), r(math.log(math.e)))
print(r(math.log1p(1e-5)), r(math.expm1(1e-5)), r(math.sinh(1)), r(math.cosh(1)), r(math.tanh(0.5)))
print(r(math.degrees(math.pi)), r(math.radians(180)), r(math.pow(2, 0.5)), math.pow(2, 10))
print(r(math.gamma(5.5)), r(math.lgamma(10)), r(math.erf(1)), r(math.erfc(1)))
print(math.exp(0), math.log(1), math.log2(8), math.log10(0.001), math.sqrt(0.25))
print(math.isnan(math.nan), math.isinf(math.inf), math.isfinite(0.0), math.nan == math.nan)
print(math.nextafter(1.0, 2.0), math.ulp(1.0), math.ulp(0.0))
for bad in (lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.factorial(-1)):
    try:
        bad()
    except ValueError as e:
        print("ValueError", type(e).__name__)
try:
    math.exp(1000)
except OverflowError as e:
    print("OverflowError", type(e).__name__)
angles = [0, 30, 45, 60, 90, 180, 270]
print([(a, round(math.sin(math.radians(a)), 6), round(math.cos(math.radians(a)), 6)) for a in angles])
print([math.floor(x / 2) for x in range(-4, 5)], [math.ceil(x / 2) for x in range(-4, 5)])
print(sum(1 / math.factorial(k) for k in range(20)) == math.e, round(sum(1 / k ** 2 for k in range(1, 2000)), 6))
