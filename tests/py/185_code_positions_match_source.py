# Line tables of compiled functions and functions with lifted loops match the file's
# own compilation: co_firstlineno, co_lines, co_positions, code equality (issue 13).
import marshal

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a + b

def report(n):
    d = {}
    t = 0
    for i in range(n):
        t += i * 9
    d["t"] = t
    return d

def main():
    for i in range(5000):
        add(i, i)
    print(sq(100000), report(100000))
    with open(__file__) as fh:
        module = compile(fh.read(), __file__, "exec")
    written = {c.co_name: c for c in module.co_consts if hasattr(c, "co_name")}
    for f in (sq, add, report):
        c, w = f.__code__, written[f.__name__]
        print(f.__name__, c.co_firstlineno == w.co_firstlineno, list(c.co_lines()) == list(w.co_lines()))
        print(list(c.co_positions()) == list(w.co_positions()), c == w, marshal.dumps(c) == marshal.dumps(w))
        print(sorted({line for _, _, line in c.co_lines() if line is not None}) == sorted({line for _, _, line in w.co_lines() if line is not None}))

main()
