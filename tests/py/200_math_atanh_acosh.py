# math.atanh and math.acosh in hot loops: both are ops registry entries (jit/src/ops.rs),
# compiled natively with CPython's algorithms; where CPython raises (atanh(+-1),
# acosh(x < 1), their domain errors), native code hands the call to the interpreter,
# which raises the same ValueError. Exception messages are not printed: rustpython's
# atanh says "expected a number between -1 and 1, got 1.0" where 3.11 says "math
# domain error".
import math


def atanh_ramp(n, top):
    # x goes from -top to top; top = 1.0 reaches the domain's edge on the last step.
    total = 0.0
    for i in range(n):
        x = top * (2 * i - (n - 1)) / (n - 1)
        total += math.atanh(x)
    return total


def acosh_ramp(n, start, step):
    total = 0.0
    for i in range(n):
        total += math.acosh(start + i * step)
    return total


def mixed(n):
    # int and bool arguments convert to float, as in Python.
    total = 0.0
    for i in range(n):
        total += math.atanh(i % 2 == 1) * 0.0 if i % 2 == 0 else math.atanh(0) + math.acosh(i + 1)
    return total


def inverse_pairs(n):
    # tanh(atanh(x)) and cosh(acosh(y)): round trips, summed as CPython sums them.
    err = 0.0
    for i in range(1, n):
        x = i / n
        err += abs(math.tanh(math.atanh(x)) - x)
        y = 1.0 + i
        err += abs(math.cosh(math.acosh(y)) - y)
    return err


def attempt(f, *args):
    try:
        return repr(f(*args))
    except (ValueError, OverflowError) as e:
        return type(e).__name__


for rounds in range(3):
    print(attempt(atanh_ramp, 20001, 0.999999))
    print(attempt(atanh_ramp, 20001, 1.0))
    print(attempt(atanh_ramp, 5, 1.0000001))
    print(attempt(acosh_ramp, 30000, 1.0, 0.001))
    print(attempt(acosh_ramp, 30000, 1e300, 1e296))
    print(attempt(acosh_ramp, 3000, 0.5, 0.0001))
    print(attempt(acosh_ramp, 3000, 2.0, -0.0005))
    print(attempt(mixed, 1001))
    print(attempt(inverse_pairs, 4000))

edges = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.0, 1e-300, 0.9999999999999999,
         float("inf"), float("-inf"), float("nan"), 1.0 - 2**-53, 1e308]


def one_atanh(x):
    return math.atanh(x)


def one_acosh(x):
    return math.acosh(x)


for _ in range(20):
    row = [attempt(one_atanh, x) for x in edges] + [attempt(one_acosh, x) for x in edges]
print(row)
print(attempt(one_atanh, 1), attempt(one_atanh, True), attempt(one_acosh, 1), attempt(one_acosh, 0))
