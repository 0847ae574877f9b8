# Automatic mode puts nothing into builtins: dir(builtins), builtins.__dict__ and the
# names a module sees through its __builtins__ are CPython's, after functions with
# loops, methods and module-level loops ran.
import builtins


def dot(n):
    s = 0
    for i in range(n):
        s += i * (i + 1)
    return s


def norm(n):
    x = 0.0
    k = 0
    while k < n:
        x += k * 0.25
        k += 1
    return x


def plain(a, b):
    return a * b + 1


for _ in range(20):
    plain(2, 3)
print(dot(5000), norm(3000), plain(4, 5))
total = 0
for i in range(5000):
    total += i % 3
print(total)
print([key for key in dir(builtins) if "pynum" in key])
print([key for key in builtins.__dict__ if "pynum" in key.lower()])
print([key for key in dir(__builtins__) if "pynum" in key])
names = set(dir(builtins))
print([key for key in names if key.startswith("__pynum") or key.startswith("_pynum")])
