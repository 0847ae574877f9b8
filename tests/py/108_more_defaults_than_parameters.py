# A function with more defaults than parameters (set through __defaults__ or a new
# __code__) is called as CPython calls it, with the last defaults; rustpython panicked.
def f(x):
    return x
f.__defaults__ = (None, 5)
print(f(), f(1))
def g(a, b=2, c=3):
    return a, b, c
def h(a):
    return a
g.__code__ = h.__code__
print(g(), g(7))
def k(p, q):
    return p, q
k.__defaults__ = (1, 2, 3, 4)
print(k(), k(9), k(9, 8))
