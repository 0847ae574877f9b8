# ufunc.reduce for add/multiply/maximum/minimum/logical_and/logical_or with axis, keepdims, dtype.
import numpy as np
a = np.arange(1, 13).reshape(3, 4)
for uf in (np.add, np.multiply, np.maximum, np.minimum):
    print(uf.__name__, uf.reduce(a), uf.reduce(a, axis=1), repr(uf.reduce(a, axis=None)))
    print(uf.reduce(a, axis=0, keepdims=True).shape, uf.reduce(a[:, ::-2], axis=-1))
b = a % 3 == 0
print(np.logical_and.reduce(b), np.logical_or.reduce(b, axis=1), np.logical_or.reduce(b, axis=None))
print(repr(np.add.reduce(np.array([100, 100], dtype=np.int8), dtype=np.int8)), repr(np.add.reduce(np.array([100, 100], dtype=np.int8))))
print(repr(np.multiply.reduce(np.array([1.5, 2.0, -1.0]))), repr(np.add.reduce(np.array([True, True]))))
print(repr(np.add.reduce(np.zeros((0, 2)))), repr(np.multiply.reduce(np.zeros((2, 0)), axis=1)))
try:
    np.maximum.reduce(np.zeros((0, 2)), axis=0)
except ValueError as e:
    print("ValueError:", e)
print(np.add.reduce(np.arange(24).reshape(2, 3, 4), axis=(0, 2)))
