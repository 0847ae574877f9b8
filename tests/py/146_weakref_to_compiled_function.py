# weakref.ref to compiled functions: dereference, callbacks, getweakrefcount, proxies
# and the reference dying with the function (issue 13).
import gc, weakref

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def make():
    def tmp(a, b):
        return a * b + 1
    return tmp

def add(a, b):
    return a + b

def main():
    for i in range(5000):
        add(i, i)
    print(sq(100000))
    r = weakref.ref(sq)
    print(r() is sq, r()(10), weakref.getweakrefcount(sq))
    r2 = weakref.ref(add)
    print(r2 is weakref.ref(add), r2 == weakref.ref(add), weakref.getweakrefs(add)[0] is r2)
    p = weakref.proxy(add)
    print(p(2, 3))
    died = []
    f = make()
    for i in range(4000):
        f(i, 2)
    wr = weakref.ref(f, lambda ref: died.append("gone"))
    print(wr() is f, wr()(3, 4))
    del f
    gc.collect()
    print(wr() is None, died)
    print(hash(r) == hash(sq))

main()
