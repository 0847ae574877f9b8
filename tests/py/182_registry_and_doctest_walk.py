# Tools that walk a module after its functions compiled and loops lifted: a registry of
# functions found by type, doctest's finder and a "public API" listing (issue 13).
import doctest, sys, types

def sq(n):
    """Sum of squares.

    >>> sq(4)
    14
    """
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    """
    >>> add(2, 3)
    5
    """
    return a + b

def render(n):
    out = {}
    t = 0
    for i in range(n):
        t += i % 13
    out["t"] = str(t)
    return out

class Tool:
    def run(self, n):
        t = 0
        for i in range(n):
            t += i * 2
        return [t]

def main():
    for i in range(5000):
        add(i, 1)
    print(sq(100000), render(100000), Tool().run(100000))
    mod = sys.modules[__name__]
    fns = sorted(n for n, v in vars(mod).items() if type(v) is types.FunctionType)
    callables = sorted(n for n, v in vars(mod).items() if callable(v) and not n.startswith("_"))
    private = sorted(n for n, v in vars(mod).items() if n.startswith("_") and not n.endswith("__"))
    print(fns)
    print(callables, private)
    tests = doctest.DocTestFinder(exclude_empty=False).find(mod)
    print(sorted(t.name for t in tests))
    failed, attempted = doctest.testmod(mod)
    print(failed, attempted)
    print(getattr(mod, "__all__", None))

if __name__ == "__main__":
    main()
