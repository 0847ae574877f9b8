# A compiled function with defaults, called from interpreted code through wrappers (the
# dispatcher fills in the defaults itself): a call must see the defaults as they are
# now, after `__defaults__` is rebound, deleted, set through the type's descriptor, or
# the function's `__code__` replaced, and a call through one wrapper must not see
# another function's defaults.
import types


def clamp(lo, hi):
    def deco(fn):
        def wrapper(*args):
            return max(lo, min(hi, fn(*args)))
        return wrapper
    return deco


@clamp(-50, 50)
def delta(a, b, scale=1):
    return (a - b) * scale


def scaled(a, b, scale=3):
    return (a - b) * scale


def run(n):
    total = 0
    for i in range(n):
        total += delta(i % 97, i % 89) + scaled(i % 13, i % 7)
    return total


print(run(3000))
inner = next(c.cell_contents for c in delta.__closure__ if getattr(c.cell_contents, "__name__", "") == "delta")
inner.__defaults__ = (2,)
print(run(3000))
scaled.__defaults__ = (-1,)
print(run(3000))
types.FunctionType.__dict__["__defaults__"].__set__(inner, (5,))
print(run(3000))
del scaled.__defaults__
try:
    run(10)
except TypeError as e:
    print("TypeError", e)
scaled.__defaults__ = (4,)
print(run(3000))


def other(a, b, scale=10):
    return (a + b) * scale


inner.__code__ = other.__code__
print(run(3000))
for k in range(5):
    inner.__defaults__ = (k,)
    print(k, run(200))
