# A function under automatic mode's dispatcher takes attribute writes as a function does:
# new defaults or code are what the next call runs, natively or not.
def f(n, k=2): return n * k
print(f(3))
f.__defaults__ = (10,); print(f(3), f.__defaults__)
def g(n): return -n
f.__code__ = g.__code__; print(f(3))
f.tag = "t"
print(f.tag, "tag" in f.__dict__, f.__dict__)
del f.tag
print(hasattr(f, "tag"))
import functools
@functools.lru_cache(maxsize=None)
def h(n):
    return n * 2
print(h(4), h.cache_info().hits)
def deco(fn):
    @functools.wraps(fn)
    def w(*a):
        return fn(*a) + 1
    return w
@deco
def p(n):
    return n * n
print(p(5), p.__name__, p.__wrapped__(5))
