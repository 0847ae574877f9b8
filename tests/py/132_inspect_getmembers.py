# Documentation tools, plugin registries and test collectors walk a module's functions:
# inspect.getmembers lists the program's own, in the main module and in an imported
# one, after their lifted loops ran natively.
import inspect
import sys

sys.dont_write_bytecode = True  # the helper package below, under CPython

from names_helpers import loops


def scan(n):
    hits = 0
    for i in range(n):
        if i % 13 == 0:
            hits += 1
    return hits


class Runner:
    def run(self, n):
        s = 0
        for i in range(n):
            s += i ^ 5
        return s


for _ in range(3):
    print(scan(5000), Runner().run(3000), loops.triangle(4000), loops.halve(10**9), loops.Grid().fill(2000))
print(loops.warm)

me = sys.modules[__name__]
print([name for name, _ in inspect.getmembers(me, inspect.isfunction)])
print([name for name, _ in inspect.getmembers(loops, inspect.isfunction)])
print([name for name, _ in inspect.getmembers(me, inspect.isclass)])
print([name for name, _ in inspect.getmembers(loops) if not name.startswith("__")])
print([name for name, _ in inspect.getmembers(Runner, inspect.isfunction)])
print([name for name, _ in inspect.getmembers(loops.Grid) if not name.startswith("__")])
print(sorted(key for key in vars(loops) if not key.startswith("__")))
