# `range` bound at run time where no source scan sees it: through globals(), then in
# builtins. Loops (also ones moving into native code at their header) must call it.
import builtins

calls = []


def halving_range(*args):
    calls.append(args)
    return [x * 2 for x in builtins.__dict__["_original_range"](*args)]


builtins._original_range = range
globals()["range"] = halving_range
t = 0
for i in range(3000):
    t += i
print(t, calls)
del globals()["range"]


def total(n):
    s = 0
    for x in range(n):
        s += x
    return s


print(total(3000))
builtins.range = halving_range
print(total(3000), total(10), len(calls))
builtins.range = builtins._original_range
print(total(3000))
