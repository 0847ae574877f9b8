# vars(module), dir(builtins) and vars(builtins): names present after compiled functions
# and lifted loops ran that were not there at start (none, in CPython) (issue 13).
# (CPython 3.11's __main__ starts with __annotations__, rustpython's does not: left out.)
import builtins, sys
START_BUILTINS = set(dir(builtins))
START_VARS = set(vars(builtins))

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a + b

def mixed(n):
    tag = []
    t = 0
    for i in range(n):
        t += i * 5
    tag.append(str(t))
    return tag

x = 0
for k in range(100000):
    x += k

def main():
    for i in range(5000):
        add(i, 1)
    print(sq(100000), mixed(100000), x)
    print(sorted(set(dir(builtins)) - START_BUILTINS), sorted(set(vars(builtins)) - START_VARS))
    print(sorted(n for n in dir(builtins) if n.startswith("__") and n.endswith("__") and "pynum" in n))
    mod = vars(sys.modules[__name__])
    print(sorted(k for k in mod if k != "__annotations__"))

main()
