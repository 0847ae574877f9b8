# numba.vectorize: a ufunc from a scalar function, eager (the first signature every
# input casts to safely, as NumPy picks a loop) or lazy (the kernel's result type),
# applied with broadcasting to arrays of any shape, and to scalars.
import math
import numpy as np
from numba import vectorize


@vectorize(["float64(float64, float64)", "int64(int64, int64)"])
def add_scaled(x, y):
    return x + 2 * y


@vectorize(["int64(int64, int64)", "float64(float64, float64)"])
def int_first(x, y):
    return x * y - 1


@vectorize
def clipped_log(x):
    return math.log(x) if x > 1.0 else 0.0


@vectorize
def triple(n):
    return 3 * n


@vectorize(["float64(float64, float64)"])
def logistic_mix(x, w):
    return 1.0 / (1.0 + math.exp(-x * w)) if x >= 0 else math.tanh(x) * w


m = np.arange(6.0).reshape(2, 3)
print(add_scaled(m, np.array([1.0, 0.5, -1.0])))
print(add_scaled(np.arange(4), 3), add_scaled(np.arange(4), 3).dtype)
print(int_first(np.arange(4), 3), int_first(np.arange(4), 3).dtype)
print(int_first(np.arange(4), 0.5), int_first(np.arange(4), 0.5).dtype)
print(add_scaled(1.5, 2.0), int_first(2, 5))
print(clipped_log(np.array([0.5, 1.0, math.e, 10.0])))
print(triple(np.arange(5)), triple(np.arange(5)).dtype, triple(np.arange(3.0)))
print(triple(m.T), triple(m[:, ::2]).shape)
x = np.linspace(-3.0, 3.0, 7)
print(np.round(logistic_mix(x, np.array([0.5])), 6))
print(np.round(logistic_mix(x[:, None], np.array([1.0, 2.0])), 6))
print(logistic_mix(np.zeros((0, 3)), 1.0).shape)
