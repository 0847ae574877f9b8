# `range` rebound to another builtin is not the range native loops assume; list indices
# from range(start, len(xs)) with a negative start are checked (IndexError as CPython).
import builtins


def total(n):
    s = 0
    for i in range(n):
        s += i
    return s


def tail_sum(xs, start):
    s = 0.0
    for i in range(start, len(xs)):
        s += xs[i]
    return s


for _ in range(300):
    t = total(5)
print(t)
range = bytes
try:
    print(total(5))
except TypeError as e:
    print("TypeError:", e)
range = builtins.range
xs = [1.0, 2.0, 3.0, 4.0]
for _ in range(300):
    u = tail_sum(xs, 1)
print(u, tail_sum(xs, -2))
try:
    print(tail_sum(xs, -6))
except IndexError as e:
    print("IndexError:", e)
