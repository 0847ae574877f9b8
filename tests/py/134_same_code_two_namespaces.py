# The same code run in two namespaces: a module's code executed in two fresh dicts (as a
# plugin loader might), whose lifted loops get hot in both, each reading its own
# namespace's globals and leaving no names in either; and a function's code made into a
# function of other globals.
import builtins
import importlib.util
import sys
import types

sys.dont_write_bytecode = True  # the helper package below, under CPython

FACTOR = 2


def scaled(n):
    t = 0
    for i in range(n):
        t += i * FACTOR
    return t


def countdown(n):
    c = 0
    while n > 0:
        n -= 3
        c += 1
    return c


other = {"__builtins__": builtins, "__name__": "other", "FACTOR": 5}
scaled2 = types.FunctionType(scaled.__code__, other, "scaled")
countdown2 = types.FunctionType(countdown.__code__, other, "countdown")
for _ in range(3):
    print(scaled(4000), scaled2(4000), countdown(9000), countdown2(9000))
other["FACTOR"] = 7
print(scaled(3000), scaled2(3000))
print(sorted(key for key in other if not key.startswith("__")))
print(sorted(key for key in globals() if not key.startswith("__")))

# A module's code, executed in two dicts (as a plugin loader might).
spec = importlib.util.find_spec("names_helpers.loops")
code = spec.loader.get_code("names_helpers.loops")
first = {"__name__": "first", "__builtins__": builtins}
second = {"__name__": "second", "__builtins__": builtins}
exec(code, first)
exec(code, second)
second["SCALE"] = 10
for _ in range(3):
    print(first["triangle"](3000), second["triangle"](3000), first["halve"](10**6), second["halve"](10**7))
    print(first["Grid"]().fill(2500), second["Grid"]().fill(1500), first["warm"], second["warm"])
print(sorted(key for key in first if not key.startswith("__")))
print(sorted(key for key in second if not key.startswith("__")))
