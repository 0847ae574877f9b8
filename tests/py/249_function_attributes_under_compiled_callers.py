# Found by an adversarial review of the compile thread and of defaults in native code:
# 1. A callee's `__code__` replaced after its caller compiled with it inside: the caller's
#    native code kept running the old callee (6 where CPython prints -5). Callers now
#    guard on each compiled-in callee's `__code__` (and `__defaults__`), read only after
#    some function's attributes were written.
# 2. `__defaults__` written from another thread while the main thread calls the function:
#    the write empties the dispatcher's specializations between the call finding one by
#    position and running it, and pynum panicked ("index out of bounds", exit 70).
import threading


def g(x):
    return x + 1


def f(x):
    return g(x)


out = []
for k in range(20000):
    out.append(f(k))
g.__code__ = (lambda x: -x).__code__
print("callee code replaced", f(5), g(5), sum(out))


def h(x):
    return x * 2


def caller(n):
    t = 0
    for i in range(n):
        t += h(i)
    return t


for _ in range(300):
    before = caller(100)
h.__code__ = (lambda x: x * 3).__code__
print("lifted caller", before, caller(100))


def scaled(x, y=3):
    return x * y


stop = False


def mutator():
    i = 0
    while not stop:
        scaled.__defaults__ = (i % 5,)
        i += 1


worker = threading.Thread(target=mutator)
worker.start()
calls = 0
try:
    for k in range(60000):
        scaled(k)
        calls += 1
finally:
    stop = True
worker.join()
scaled.__defaults__ = (7,)
print("defaults written from a thread", calls, scaled(6))
