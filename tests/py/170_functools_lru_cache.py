# functools.lru_cache and functools.cache over compiled functions: cache_info, the
# wrapped function, cache_clear, and the cached wrapper pickled by reference (issue 13).
import functools, pickle, types

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def binom(n, k):
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r

csq = functools.lru_cache(maxsize=4)(sq)
cbinom = functools.cache(binom)

@functools.lru_cache(maxsize=None)
def tri(n):
    t = 0
    for i in range(n):
        t += i
    return t

def main():
    t = 0
    for i in range(5000):
        t += cbinom(i % 60, 5) + binom(i % 40, 3)
    print(t, csq(100000), csq(100000), csq.cache_info())
    print(cbinom.cache_info().hits, cbinom.cache_info().misses, cbinom.cache_info().currsize)
    print(csq.__wrapped__ is sq, cbinom.__wrapped__ is binom, type(csq.__wrapped__) is types.FunctionType)
    print(csq.__name__, csq.__qualname__, csq.__module__, csq.cache_parameters())
    for n in (1, 2, 3, 4, 5, 1):
        csq(n)
    print(csq.cache_info())
    csq.cache_clear()
    print(csq.cache_info(), csq(10))
    print(pickle.loads(pickle.dumps(sq)) is sq, tri(100000), tri(100000), tri.cache_info())
    print(pickle.loads(pickle.dumps(tri)) is tri, type(tri.__wrapped__) is types.FunctionType)
    try:
        pickle.dumps(csq)
    except pickle.PicklingError:
        print("PicklingError: csq is not the global sq")

main()
