# Calls that leave out parameters with defaults run natively with the defaults bound, as
# the interpreter binds them: `f(x)` of `def f(x, scale=2.0)` was turned down ("takes 2
# arguments, given 1") and stayed interpreted, at a call from the interpreter and inside
# native code alike. The defaults are read at each call (a new `__defaults__` is seen,
# also by compiled callers, whose guard fails), a mutable default is the same object
# every call, and `*args` and keyword-only parameters keep the interpreter's binding.


def scaled(x, scale=2.0, shift=1):
    return x * scale + shift


def accumulate(x, acc=[0, 0]):
    acc[0] += x
    acc[1] += 1
    return acc[0]


def wide(a, b=3):
    return a * b


def starred(a, *rest):
    return a + len(rest)


def keyword_only(a, *, b=5):
    return a * b


total = 0.0
for k in range(3000):
    total += scaled(k)
    total += scaled(k, 0.5)
    total += scaled(k, 1.5, 2)
print("scaled", total)

scaled.__defaults__ = (10.0, -1)
total = 0.0
for k in range(3000):
    total += scaled(k)
print("scaled after new defaults", total)

for k in range(2500):
    last = accumulate(k)
print("accumulate", last, accumulate.__defaults__)

total = 0
for k in range(3000):
    total += wide(k)
    if k == 2900:
        total += wide(2**62)  # leaves 64 bits: the interpreter's answer
print("wide", total)

total = 0
for k in range(3000):
    total += starred(k) + starred(k, 1, 2) + keyword_only(k) + keyword_only(k, b=2)
print("starred and keyword-only", total)

def clipped(x, lo=0, hi=100, on=True):
    if on and x > hi:
        return hi
    if on and x < lo:
        return lo
    return x


def outer(n):
    t = 0.0
    for i in range(n):
        t += scaled(i) + clipped(i - 20)
    return t


for k in range(400):
    r1 = outer(150)
scaled.__defaults__ = (3.0, 7)
clipped.__defaults__ = (-5, 10, True)
r2 = outer(150)
clipped.__defaults__ = (0, 100, False)
r3 = outer(150)
print("outer", r1, r2, r3)

try:
    wide()
except TypeError as e:
    print("TypeError:", e)
