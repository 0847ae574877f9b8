# math.gamma and math.lgamma give CPython's values to the last bit, in the interpreter and
# in native code (the fuzzer found lgamma(1/7) one ulp off: rustpython's math fuses the
# multiply-adds of Lanczos' sum, CPython does not).
import math

points = [1 / 7, 0.5, 2.5, 3.281132718905269, 27.122514188852513, 140.5, 171.2, -2.5, -0.3, 1e-5, 33.3]
for x in points:
    print(repr(x), repr(math.lgamma(x)), repr(math.gamma(x)))


def lgamma_sum(x, n):
    total = 0.0
    for i in range(n):
        total += math.lgamma(x + i * 0.37)
    return total


def gamma_sum(x, n):
    total = 0.0
    for i in range(n):
        total += math.gamma(x + i * 0.11)
    return total


for _ in range(3):
    print(repr(lgamma_sum(1 / 7, 2000)), repr(gamma_sum(0.25, 400)))
for bad in [0.0, -1.0, -3.0, float("-inf")]:
    for f in (math.gamma, math.lgamma):
        try:
            print(f.__name__, bad, f(bad))
        except ValueError:
            print(f.__name__, bad, "ValueError")
print(math.lgamma(float("inf")), math.gamma(float("inf")), math.lgamma(float("nan")))
