# Code objects of compiled functions and of functions with lifted loops: co_varnames,
# co_names, co_argcount, co_name, co_qualname, co_firstlineno, co_freevars match a twin
# compiled from the same source text, and the module's own names are as written (issue 13).
import sys

SRC = '''
def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b=2, *, c=3):
    return a + b * c

def summary(n):
    out = {}
    t = 0
    for i in range(n):
        t += i * 7
    out["t"] = str(t)
    return out

class Box:
    def fill(self, n):
        items = []
        t = 0
        for i in range(n):
            t += i
        items.append(t)
        return items
'''

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b=2, *, c=3):
    return a + b * c

def summary(n):
    out = {}
    t = 0
    for i in range(n):
        t += i * 7
    out["t"] = str(t)
    return out

class Box:
    def fill(self, n):
        items = []
        t = 0
        for i in range(n):
            t += i
        items.append(t)
        return items

ATTRS = ("co_varnames", "co_names", "co_argcount", "co_kwonlyargcount", "co_posonlyargcount",
         "co_nlocals", "co_name", "co_qualname", "co_freevars", "co_cellvars")

def main():
    t = 0
    for i in range(5000):
        t += add(i)
    print(t, sq(100000), summary(100000), Box().fill(100000))
    twins = {}
    exec(compile(SRC, sys.argv[0], "exec"), twins)
    for name, f, twin in (("sq", sq, twins["sq"]), ("add", add, twins["add"]),
                          ("summary", summary, twins["summary"]),
                          ("fill", Box.fill, twins["Box"].fill)):
        c, tc = f.__code__, twin.__code__
        print(name, [a for a in ATTRS if getattr(c, a) != getattr(tc, a)])
        print(c.co_varnames, c.co_names, c.co_argcount, c.co_name, c.co_qualname)
        print(c.co_firstlineno - tc.co_firstlineno, c.co_filename == tc.co_filename)

main()
