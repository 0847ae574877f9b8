# __name__, __qualname__ and __module__ of compiled functions read as written and take
# writes; repr and pickle follow them (issue 13).
import pickle, re

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a + b

class Ops:
    pass

def clean(r):
    return re.sub(r" at 0x[0-9a-f]+", " at ADDR", r)

def main():
    for i in range(5000):
        add(i, 1)
    print(sq(100000))
    for f in (sq, add):
        print(f.__name__, f.__qualname__, f.__module__, clean(repr(f)))
    add.__name__ = "plus"
    add.__qualname__ = "Ops.plus"
    print(add.__name__, add.__qualname__, clean(repr(add)), add.__code__.co_name)
    Ops.plus = add
    print(pickle.loads(pickle.dumps(add)) is add)
    sq.__module__ = "elsewhere"
    print(sq.__module__, clean(repr(sq)))
    try:
        pickle.dumps(sq)
    except (pickle.PicklingError, ModuleNotFoundError, AttributeError) as e:
        print("cannot pickle", type(e).__name__)
    try:
        add.__name__ = 3
    except TypeError:
        print("TypeError")
    print(add(4, 5), add.__name__)

main()
