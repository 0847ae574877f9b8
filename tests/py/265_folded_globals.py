# Module-level globals bound to numbers, read inside hot loops (issue 18: a function that
# read `DT` or `N` stayed in the interpreter: "`DT` is not a global pynum can compile
# against"). Automatic mode now holds them as constants under guards; every way a
# program can rebind one must still reach the code that reads it: between calls, by
# `globals()`, `del`, a new type, a module-level loop that rebinds it at each iteration,
# and from another thread while a native loop runs (`threading`).
import math
import threading
import time

N = 20000
DT = 0.25
SCALE = 3
NEG_ZERO = -0.0
FLAG = True
HUGE = 2**70


def integrate(n):
    s = 0.0
    for i in range(n):
        s += i * DT
    return s


def scaled_sum(xs):
    t = 0
    for x in xs:
        t += x * SCALE
    return t


def signs(n):
    total = 0.0
    for i in range(n):
        total += math.copysign(1.0, NEG_ZERO) + (1 if FLAG else -1)
    return total


def with_huge(n):
    t = 0
    for i in range(n):
        t += HUGE
    return t


def to_n():
    s = 0
    for i in range(N):
        s += i % 7
    return s


xs = list(range(5000))
for _ in range(3):
    print("integrate", integrate(N), "scaled", scaled_sum(xs), "signs", signs(3000), "to_n", to_n())
print("huge", with_huge(3000))

# Rebound between calls: the next call reads the new value.
DT = 0.5
SCALE = -2
N = 3000
print("rebound", integrate(4000), scaled_sum(xs), to_n())
FLAG = False
NEG_ZERO = 0.0
print("signs again", signs(3000))

# Through globals(), and to another type.
globals()["DT"] = 1
print("int DT", integrate(4000))
DT = None
try:
    integrate(4000)
except TypeError as e:
    print("TypeError", e)
DT = 0.125
print("back to float", integrate(4000))

# Deleted: the read raises NameError where CPython does.
del SCALE
try:
    scaled_sum(xs)
except NameError as e:
    print("NameError", e)
SCALE = 5
print("rebound after del", scaled_sum(xs))

# A module-level loop that rebinds the global before each call.
K = 0


def times_k(n):
    t = 0
    for i in range(n):
        t += i * K
    return t


acc = []
for K in range(40):
    acc.append(times_k(2000))
print("per-iteration rebinding", sum(acc), acc[:3], acc[-1])

# Another thread rebinds a global a running native loop reads: the loop sees it.
stop = False


def spin():
    n = 0
    while not stop:
        n += 1
    return n > 0


def stopper():
    global stop
    time.sleep(0.05)
    stop = True


t = threading.Thread(target=stopper)
t.start()
print("spin ended", spin())
t.join()

# The other way round: a worker's native loop reads what the main thread rebinds.
limit = 10**15
results = []


def count_to_limit():
    i = 0
    while i < limit:
        i += 1
    results.append(i)


worker = threading.Thread(target=count_to_limit)
worker.start()
time.sleep(0.05)
limit = -1
worker.join()
print("worker ended", len(results), results[0] >= 0)
