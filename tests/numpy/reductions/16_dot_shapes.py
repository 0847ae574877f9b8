import numpy as np
a = np.arange(12.0).reshape(3, 4)
b = np.arange(8.0).reshape(4, 2)
print(a @ b, a.dot(b).shape, np.dot(a[0], b), np.dot(a, b[:, 0]), np.matmul(a, np.ones(4)))
print(repr(np.dot(np.arange(5), np.arange(5))), repr(np.arange(3) @ np.arange(3)))
print(np.dot(a.T, a[:, :2]), (a[:, ::2] @ b[::2]).shape)
try:
    a @ a
except ValueError as e:
    print(e)
