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
