# @njit with Python lists (reflected, as Numba does): reads, writes written back to the
# caller's list, len, negative indices, and IndexError out of range.
from numba import njit


@njit
def scale(values, k):
    for i in range(len(values)):
        values[i] = values[i] * k


@njit
def total(values):
    t = 0.0
    for i in range(len(values)):
        t += values[i]
    return t


@njit
def last_two(values):
    return values[-1] + values[-2]


@njit
def get(values, i):
    return values[i]


a = [1.0, 2.5, -3.0]
scale(a, 2.0)
print(a, total(a), last_two(a))
ints = [3, 1, 4, 1, 5]
scale(ints, 3)
print(ints, last_two(ints), get(ints, -5))
try:
    get(ints, 5)
except IndexError as exc:
    print("IndexError:", exc)


@njit
def made_inside(n, k):
    a = [0.5] * n
    b = [k, k + 1] * 2
    c = [1.5, 2.5]
    for i in range(n):
        a[i] += i
    t = 0.0
    for i in range(n):
        t += a[i] * c[i % 2]
    return t + len(b) + b[-1] + len([7] * -3)


print(made_inside(5, 10), made_inside(0, 1))
