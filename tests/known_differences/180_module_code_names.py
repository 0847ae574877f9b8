# The module's own code object (sys._getframe().f_code at module level) after module-level
# loops ran: co_names, co_varnames and co_consts' code objects are those of the file
# compiled as written (issue 13).
import sys

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

total = 0
for k in range(100000):
    total += k * 3

pairs = {}
for a in range(3):
    acc = 0
    for b in range(100000):
        acc += a * b
    pairs[a] = acc

here = sys._getframe().f_code
with open(__file__) as fh:
    written = compile(fh.read(), __file__, "exec")

def code_names(code):
    return sorted(c.co_name for c in code.co_consts if hasattr(c, "co_name"))

print(total, pairs, sq(100000))
print(here.co_names == written.co_names, here.co_varnames == written.co_varnames)
def extra_names():
    # (a list comprehension at module level would be a nested code object in 3.11 only)
    return [n for n in here.co_names if n not in written.co_names]

print(extra_names())
print(code_names(here) == code_names(written), code_names(here))
print(here.co_firstlineno == written.co_firstlineno, here.co_name, here.co_filename == __file__)
print(sorted(k for k in globals() if not k.startswith("__")))
