# Arrays made by @njit code: np.zeros/np.empty/np.ones with shapes and dtypes, returned
# to the caller; returned views share memory with the argument they view; NumPy's
# scalar functions, constants and conversions on scalars.
import numpy as np
from numba import njit


@njit
def grid(n, m):
    a = np.zeros((n, m))
    for i in range(n):
        for j in range(m):
            a[i, j] = i * 10 + j
    return a


@njit
def squares(n):
    c = np.zeros(n, dtype=np.int64)
    for i in range(n):
        c[i] = i * i
    return c


@njit
def ones(n):
    return np.ones((n, 2))


@njit
def ones_int(n):
    return np.ones(n, np.int64)


@njit
def empty_filled(n):
    e = np.empty(n, dtype=float)
    for i in range(n):
        e[i] = 0.5 * i
    return e


@njit
def row(m, i):
    return m[i]


@njit
def same(a):
    return a


@njit
def bad_shape(n):
    return np.zeros(n)


@njit
def scalars(x):
    return (np.sqrt(x) + np.exp(-x) + np.log(x) + np.log1p(x) + np.sin(x) * np.cos(x)
            + np.arctan2(x, 2.0) + np.hypot(x, 1.0) + np.tanh(x) + np.floor(x + 0.5)
            + np.pi + np.e + np.abs(-x) + np.float64(3) + np.int64(2.7))


@njit
def nan_checks(x):
    return np.isnan(x), np.isinf(x / 1e-320), np.isfinite(x)


g = grid(3, 4)
print(g, g.dtype, g.shape, g.strides, g.flags.c_contiguous, g.flags.writeable)
print(squares(6), squares(6).dtype)
print(ones(3), ones_int(4), ones_int(4).dtype)
print(empty_filled(5))
print(grid(0, 3), grid(0, 3).shape)
m = np.arange(12.0).reshape(3, 4)
r = row(m, 1)
r[0] = -1.0
print(m[1], r.shape, r.dtype)
s = same(m)
s[2, 3] = 100.0
print(m[2], s.shape)
col = row(m.T, 2)
col[1] = 55.0
print(m[:, 2], col.strides)
try:
    bad_shape(-1)
except ValueError:
    print("ValueError: negative dimensions")
print("%.12f" % scalars(2.0), "%.12f" % scalars(0.5))
for x in (float("nan"), 1.0, float("-inf")):
    print([bool(flag) for flag in nan_checks(x)])
