# Native code implements builtins and math by name: replacing them (in builtins, in the
# math module, before or after the first native call) must reach the program.
import builtins, math
def g(x):
    return abs(x) + math.sqrt(4.0) + math.pi
for i in range(100):
    r = g(-3)
print(r)
builtins.abs = lambda x: 100
for i in range(100):
    r = g(-3)
print(r)
math.sqrt = lambda x: -1.0
for i in range(100):
    r = g(-3)
print(r)
math.pi = 3.0
print(g(-3))

# math.trunc of a value whose type has no __trunc__: CPython 3.11's words (rustpython
# quoted the type's and the method's names; the fuzzer found it, seed 981493).
class NoTrunc:
    pass

for value in (1j, "s", None, [1], NoTrunc()):
    try:
        math.trunc(value)
    except TypeError as error:
        print("trunc", type(value).__name__, error)
