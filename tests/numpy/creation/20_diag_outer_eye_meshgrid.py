# diag of offsets and dtypes, outer of mixed dtypes, meshgrid with 3 inputs and sparse=, eye/identity.
import numpy as np
m = np.arange(20).reshape(4, 5)
for k in (-3, -1, 0, 2, 4, 5, -4):
    print(k, repr(np.diag(m, k)))
print(repr(np.diag(np.array([1.5, -2.0]), 2)), repr(np.diag(np.array([True, False]))), repr(np.diag(np.array([], dtype=np.int8))))
print(repr(np.outer(np.array([1, 2], dtype=np.uint8), np.array([-1, 0.5]))), repr(np.outer(np.arange(3), np.arange(3)).T))
print(repr(np.outer(np.array([[1, 2], [3, 4]]), np.array([1, 10]))), repr(np.outer([True, False], [True, True])))
x, y, z = np.meshgrid(np.arange(2), np.arange(3), np.arange(2))
print(x.shape, y.shape, z[0].tolist(), x[:, :, 0].tolist())
xs, ys = np.meshgrid(np.arange(3), np.arange(2), sparse=True)
print(repr(xs), repr(ys), (xs + ys).shape)
i, j = np.meshgrid(np.linspace(0, 1, 3), np.array([5, 6]), indexing="ij")
print(repr(i), repr(j))
print(repr(np.eye(3, 4, k=-2, dtype=np.int32)), repr(np.identity(2, dtype=bool)), repr(np.eye(0)))
print(repr(np.arange(10, 0, -3)), repr(np.arange(0, 1, 0.25, dtype=np.float32)), repr(np.arange(5, dtype=np.uint8)[::-2]))
print(repr(np.linspace(1, 2, 4, endpoint=False)), repr(np.linspace(0, 10, 3, dtype=int)), repr(np.full((2, 2), np.nan)))
