# Views in @njit code share memory with their base: rows of a matrix read and written,
# `m[i] /= x` and friends on a row, rows set to a scalar. (Rows assigned from another
# array, which may overlap or broadcast, stay interpreted.)
import numpy as np
from numba import njit


@njit
def row_sum(m, i):
    r = m[i]
    s = 0.0
    for j in range(len(r)):
        s += r[j]
    return s


@njit
def scale_rows(m, f):
    for i in range(m.shape[0]):
        m[i] *= f[i]
        m[i] += 1.0


@njit
def normalize(c, counts):
    for k in range(c.shape[0]):
        if counts[k] > 0:
            c[k] /= counts[k]


@njit
def set_row(m, i, v):
    m[i] = v


@njit
def bump(a, x):
    a -= x
    a *= 2


m = np.arange(12.0).reshape(3, 4)
print(row_sum(m, 0), row_sum(m, -1), row_sum(m.T, 1))
scale_rows(m, np.array([1.0, 0.5, -2.0]))
print(m)
c = np.arange(8.0).reshape(4, 2)
normalize(c, np.array([2, 0, 4, 1]))
print(c)
set_row(m, 1, 0.25)
print(m)
ints = np.arange(6).reshape(2, 3)
set_row(ints, 0, 7)
bump(ints, 1)
print(ints)
v = np.arange(10.0)
bump(v[::3], 0.5)
print(v)
