# An observer registry built on WeakValueDictionary and WeakSet: compiled functions are
# stored, found and dropped when their last strong reference goes (issue 13).
import gc, weakref

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a + b

registry = weakref.WeakValueDictionary()
observers = weakref.WeakSet()

def register(fn):
    registry[fn.__name__] = fn
    observers.add(fn)
    return fn

def factory(k):
    @register
    def scaled(x):
        return x * k
    return scaled

def main():
    for i in range(5000):
        add(i, 1)
    sq(100000)
    register(sq)
    register(add)
    tmp = factory(7)
    for i in range(4000):
        tmp(i)
    print(sorted(registry.keys()), len(observers))
    print(registry["sq"] is sq, add in observers, registry["scaled"](6))
    del tmp
    gc.collect()
    print(sorted(registry.keys()), len(observers), sq in observers)
    print(registry.get("add")(2, 3), sorted(f.__name__ for f in observers))

main()
