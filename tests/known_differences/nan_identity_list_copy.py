# JIT bug: configs 3 (THRESHOLD=0), 4 (SYNC+THRESHOLD=1, line 3 only) and 5 (default, line A) differ;
# python3 and --no-jit agree.
# Float objects that native code stores into lists/dicts it builds are boxed afresh per slot,
# so NaN object identity is lost. list.count / `in` / list == / dict value compare use an
# identity shortcut before ==, so *printed values* change (README promises only `is`/id()
# of numbers may differ, "values ... and everything printed are CPython's").
# Expected (python3, --no-jit):
#   A: 5000 True True
#   B: 2 True True
#   B: True
# pynum THRESHOLD=0:
#   A: 0 False False
#   B: 1 False False
#   B: False
# pynum default policy: line A differs as above (B happens to run interpreted).
nan = float('nan')
def cp(xs):
    out = []
    for x in xs:
        out.append(x)
    return out
r = cp([nan] * 5000)
print("A:", r.count(nan), nan in r, r == [nan] * 5000)
def f(n, inf):
    xs = []
    for i in range(n):
        v = inf - inf
        xs.append(v)
        xs.append(v)
    return xs
xs = f(3000, float('inf'))
print("B:", xs.count(xs[0]), xs[:2] == xs[:2][::-1], xs[0] in xs[1:2])
def g(d, n, inf):
    for i in range(n):
        v = inf * 0.0
        d[i % 2] = v
        d[2 + i % 2] = v
    return d
d = g({}, 6000, float('inf'))
print("B:", [d[0]] == [d[2]])
