# Indices from range(start, len(a)) with a negative start are still bounds-checked; an
# argument array handed back is that object; a returned view keeps its own argument's
# dtype and writeability; in-place row arithmetic stores back in place.
import numpy as np
from numba import njit


@njit
def fill_from(a, start, v):
    for i in range(start, len(a)):
        a[i] = v


@njit
def first(a, b):
    return a


@njit
def second(a, b):
    return b


@njit
def row_of_second(a, b, i):
    return b[i]


@njit
def halve_rows(m):
    for i in range(m.shape[0]):
        m[i] /= 2.0
        m[i] -= 1.0


big = np.arange(10.0)
view = big[5:]
for start in (-3, -8, -10 ** 7):
    try:
        fill_from(view, start, 99.0)
        print("filled from", start, big)
    except IndexError:
        print("IndexError from", start, big)
w = np.arange(4.0)
ro = w[:]
ro.flags.writeable = False
print(second(ro, w) is w, first(ro, w) is ro, second(w, ro).flags.writeable, first(ro, w).flags.writeable)
m = np.arange(6.0).reshape(2, 3)
r = row_of_second(ro, m, 1)
print(r, r.flags.writeable, r.dtype)
r[0] = -5.0
print(m)
mr = m[:]
mr.flags.writeable = False
print(row_of_second(w, mr, 0).flags.writeable)
ints = np.arange(4)
print(second(np.arange(4.0), ints) is ints, second(ints, np.zeros(0)).shape)
h = np.arange(8.0).reshape(2, 4)
halve_rows(h)
print(h)
