# A registered function's registration goes when the function dies, and with it what
# its dispatcher held (the shadow's defaults and globals): a short loop-free function's
# registration kept the code copy it watched alive, so it never went (JIT only); one
# whose `__defaults__` was written was looked up by its old version when it died; and
# the last function a thread called stayed cached. Also: a short function that calls
# itself, and traced calls with keyword arguments, run as in CPython.
import gc
import sys
import weakref


class Default:
    pass


first = Default()
first_ref = weakref.ref(first)


def short(x, d=first):
    return x + 1


def other(x):
    return x * 2


del first
print(short(1), other(2))
del short
print(other(3))
gc.collect()
print("short's default freed:", first_ref() is None)

second = Default()
second_ref = weakref.ref(second)


def summed(n, d=None):
    t = 0
    for i in range(n):
        t += i
    return t


for _ in range(200):
    summed(5)
summed.__defaults__ = (second,)
del second
print(summed(4))
del summed
gc.collect()
print("summed's new default freed:", second_ref() is None)


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print([fib(k) for k in range(15)], fib(20))


def spin(n, k=1):
    t = 0
    i = 0
    while i < n:
        t += i * k
        i += 1
    return t


for _ in range(300):
    spin(30)
seen = []


def tracer(frame, event, arg):
    if event == 'call' and frame.f_code.co_name == 'spin':
        seen.append(frame.f_code is spin.__code__)


sys.settrace(tracer)
results = (spin(50), spin(50, k=2), spin(n=50))
sys.settrace(None)
print(results, seen)
