# globals() listed after functions with lifted loops, methods with lifted loops and
# module-level loops ran: only the names the program defined (issue 13).
import sys
# CPython 3.11's __main__ starts with __annotations__, rustpython's does not: left out.
def listing(ns):
    return sorted(k for k in ns if k != "__annotations__")
before = None
before = listing(globals())

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def report(n):
    d = {}
    t = 0
    for i in range(n):
        t += i * 3
    d["t"] = str(t)
    return d

class Acc:
    def run(self, n):
        t = 0
        for i in range(n):
            t += i % 5
        return "%d" % t

total = 0
for k in range(100000):
    total += k * 2

def main():
    print(sq(100000), report(100000), Acc().run(100000), total)
    after = listing(globals())
    print(after)
    print(sorted(set(after) - set(before)))
    print([k for k in globals() if "pynum" in k], [k for k in vars(sys.modules[__name__]) if "loop" in k])
    print(len(listing(globals())) == len(after), sorted(Acc.__dict__.keys() - {"__firstlineno__", "__static_attributes__"}))

main()
print(listing(globals()))
