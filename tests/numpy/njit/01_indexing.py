# @njit code reads and writes NumPy arrays in place: 1-d and 2-d items, negative
# indices, strided and reversed views, int and float arrays, shape/size/ndim/len.
import numpy as np
from numba import njit


@njit
def total(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s


@njit
def total2(m):
    n, k = m.shape
    s = 0.0
    for i in range(n):
        for j in range(k):
            s += m[i, j] * (i + 1)
    return s


@njit
def describe(m):
    return m.size, m.ndim, len(m), m.shape[0], m.shape[-1]


@njit
def ends(a):
    return a[-1] - a[0] + a[-2]


@njit
def fill(m, base):
    n, k = m.shape
    for i in range(n):
        for j in range(k):
            m[i, j] = base * i + j
    return n * k


@njit
def fill_ints(c, x):
    for i in range(len(c)):
        c[i] = x * i
    return c[len(c) - 1]


@njit
def get(a, i):
    return a[i]


@njit
def get2(m, i, j):
    return m[i, j]


a = np.arange(10.0)
print(total(a), total(a[::2]), total(a[::-1]), total(a[3:7]))
m = np.arange(12.0).reshape(3, 4)
print(total2(m), total2(m.T), total2(m[::2, 1::2]), total2(m[::-1, ::-1]))
print(describe(m), describe(m.T), describe(np.zeros((2, 5, 3))))
print(ends(a), ends(a[::-3]))
z = np.zeros((3, 4))
print(fill(z, 10.0))
print(z)
t = np.zeros((4, 3)).T
fill(t, 1.5)
print(t)
ints = np.zeros(6, dtype=np.int64)
print(fill_ints(ints, 7), ints)
# A float stored into an int array is truncated, as Numba casts it.
print(fill_ints(ints, 2.75), ints)
print(get(a, -1), get(a, 0), get(np.arange(5), -2), get2(m, -1, -1), get2(m, 1, 2))
for bad in (10, -11):
    try:
        get(a, bad)
    except IndexError:
        print("IndexError for", bad)
try:
    get2(m, 1, 4)
except IndexError:
    print("IndexError for the second axis")
