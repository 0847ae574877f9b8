# A function whose loop automatic mode lifts and which also creates closures over its
# locals: cell variables, the closure's cells, and co_cellvars as written (issue 13).
import inspect

def build(n):
    scale = 3
    t = 0
    for i in range(n):
        t += i * scale
    label = "total"
    get = lambda: (label, t, scale)
    return get

def counter(n):
    count = 0
    def bump(k):
        nonlocal count
        count += k
        return count
    for i in range(n):
        count += i & 1
    bump(10)
    return bump, count

SRC = '''
def build(n):
    scale = 3
    t = 0
    for i in range(n):
        t += i * scale
    label = "total"
    get = lambda: (label, t, scale)
    return get
'''

def main():
    get = build(100000)
    print(get(), get.__code__.co_freevars, [c.cell_contents for c in get.__closure__])
    print(build.__code__.co_cellvars, build.__code__.co_varnames)
    ns = {}
    exec(SRC, ns)
    twin = ns["build"].__code__
    print(build.__code__.co_cellvars == twin.co_cellvars, build.__code__.co_varnames == twin.co_varnames, build.__code__.co_names == twin.co_names)
    bump, count = counter(100000)
    print(count, bump(1), bump.__closure__[0].cell_contents, counter.__code__.co_cellvars)
    cv = inspect.getclosurevars(get)
    print(sorted(cv.nonlocals.items()), sorted(cv.globals), sorted(cv.builtins))

main()
