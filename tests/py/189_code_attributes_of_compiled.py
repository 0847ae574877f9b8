# co_* attributes of compiled numeric functions read from a hot function: argument
# counts, variable names, names, constants and flags equal those of a twin compiled from
# the same source with exec (issue 13).
import dis

SRC = '''
def poly(x, a=1, b=2):
    return a * x * x + b * x + 3

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def fsum(xs):
    t = 0.0
    for x in xs:
        t += x
    return t
'''

def poly(x, a=1, b=2):
    return a * x * x + b * x + 3

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def fsum(xs):
    t = 0.0
    for x in xs:
        t += x
    return t

def main():
    t = 0
    for i in range(5000):
        t += poly(i)
    vals = [0.5] * 100000
    print(t, sq(100000), fsum(vals))
    ns = {}
    exec(SRC, ns)
    for name in ("poly", "sq", "fsum"):
        c, w = globals()[name].__code__, ns[name].__code__
        same = [a for a in ("co_argcount", "co_varnames", "co_names", "co_consts", "co_flags", "co_nlocals", "co_stacksize", "co_code") if getattr(c, a) == getattr(w, a)]
        print(name, same)
        print(c.co_varnames, c.co_names, c.co_argcount, c.co_name, c.co_qualname)
        print([i.opname for i in dis.get_instructions(c)] == [i.opname for i in dis.get_instructions(w)])

main()
