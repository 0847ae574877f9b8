# The attributes a compiled function offers are those of any function: dir() compared
# with a fresh lambda, the slot wrappers' types, and __reduce__-free pickling (issue 13).
import types

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a + b

def main():
    for i in range(5000):
        add(i, 1)
    print(sq(100000))
    base = set(dir(lambda: 0))
    for f in (sq, add):
        print(f.__name__, sorted(set(dir(f)) - base), sorted(base - set(dir(f))))
        print(type(f.__call__) is type((lambda: 0).__call__), type(f.__get__) is type((lambda: 0).__get__))
        print(f.__class__ is types.FunctionType, f.__class__.__name__, f.__class__.__mro__ == types.FunctionType.__mro__)
        print(object.__getattribute__(f, "__name__"), type(f).__dict__ is types.FunctionType.__dict__)
    print(getattr(sq, "py_func", None), getattr(add, "signatures", None), getattr(sq, "_pynum", None))
    print(sorted(k for k in type(sq).__dict__ if not k.startswith("__")) == sorted(k for k in types.FunctionType.__dict__ if not k.startswith("__")))

main()
