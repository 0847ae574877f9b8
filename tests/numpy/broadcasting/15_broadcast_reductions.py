# Broadcasting against reductions with keepdims: centering, normalising, pairwise differences.
import numpy as np
x = np.array([[1.0, 2.0, 3.0, 6.0], [4.0, 0.0, -4.0, 8.0], [2.0, 2.0, 2.0, 2.0]])
print(x - x.mean(axis=1, keepdims=True))
print(np.round(x / x.sum(axis=0, keepdims=True), 6))
z = (x - x.mean(axis=0)) / np.where(x.std(axis=0) == 0, 1, x.std(axis=0))
print(np.round(z, 6))
print(x.max(axis=1, keepdims=True) == x, (x == x.min(axis=0)).sum(axis=0))
p = np.array([[0.0, 0.0], [3.0, 4.0], [6.0, 8.0], [1.0, 1.0]])
d = p[:, None, :] - p[None, :, :]
dist = np.sqrt((d ** 2).sum(axis=-1))
print(np.round(dist, 4), dist.argmax(axis=1))
i = np.arange(4)
print((i[:, None] > i[None, :]).astype(np.int8), i[:, None] * 10 + i)
w = np.array([1, 2, 3], dtype=np.int16)
print(repr(np.arange(6, dtype=np.int8).reshape(2, 3) * w), repr((w[:, None] ** 2) - w))
print(np.cumsum(x, axis=1) / np.arange(1, 5))
