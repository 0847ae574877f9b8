# Automatic mode at the edges: recursion deeper than the limit inside native code,
# rebinding a compiled function, lru_cache over a candidate, defaults, unbounded ints.
import functools, sys

def add(a, b=10):
    return a + b

@functools.lru_cache(maxsize=None)
def fibc(n):
    if n < 2:
        return n
    return fibc(n - 1) + fibc(n - 2)

def deep(n):
    if n == 0:
        return 0
    return deep(n - 1) + 1

def sq(x):
    return x * x

table = {"sq": sq, "add": add}
print(add(1), add(1, 2), add(1.5), add(True, True), table["sq"](7), fibc(80))
print(fibc.cache_info().hits > 0, sq.__name__, add.__defaults__)
for i in range(20):
    sq(i)
def sq(x):
    return -x
print(sq(3), [table["sq"](i) for i in range(3)])
try:
    deep(100000)
except RecursionError as e:
    print("RecursionError")
print(deep(500))
print(add(2**70, 1), add("a", "b"))
def big(n):
    return n * n
for i in range(20):
    big(i)
print(big(2**40), big(3**30), big(-7))
