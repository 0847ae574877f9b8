# dis shows compiled functions and functions with lifted loops as written: their
# instruction names match a twin compiled from the same source text with exec (issue 13).
import dis, io

SRC = '''
def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a + b

def summary(n):
    out = {}
    t = 0
    for i in range(n):
        t += i * 7
    out["t"] = str(t)
    return out
'''

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a + b

def summary(n):
    out = {}
    t = 0
    for i in range(n):
        t += i * 7
    out["t"] = str(t)
    return out

def opnames(f):
    return [i.opname for i in dis.get_instructions(f)]

def argreprs(f):
    return [i.argrepr for i in dis.get_instructions(f) if i.opname in ("LOAD_GLOBAL", "LOAD_NAME", "LOAD_FAST", "STORE_FAST", "LOAD_ATTR")]

def main():
    for i in range(5000):
        add(i, 1)
    print(sq(100000), summary(100000))
    twins = {}
    exec(compile(SRC, "<twin>", "exec"), twins)
    for name in ("sq", "add", "summary"):
        f, twin = globals()[name], twins[name]
        print(name, opnames(f) == opnames(twin), argreprs(f) == argreprs(twin))
        a, b = io.StringIO(), io.StringIO()
        dis.dis(f, file=a)
        dis.dis(twin, file=b)
        print(len(a.getvalue().splitlines()) == len(b.getvalue().splitlines()), "pynum" in a.getvalue())
        print(dis.Bytecode(f).codeobj is f.__code__)

main()
