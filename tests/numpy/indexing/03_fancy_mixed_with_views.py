# Integer-array indexing of views (strided, reversed, transposed) and writes through masks
# into views reach the base.
import numpy as np
a = np.arange(20).reshape(4, 5)
v = a[:, ::2]
print(v[[0, 3]], v.T[[1]], a[::-1][[0, 1]])
w = a[1:3]
w[w % 2 == 0] = -1
print(a)
flat = a.ravel()
flat[[0, 19]] = 100
print(a[0, 0], a[3, 4], np.take(a.T, [0, 1]))
print(a[np.array([True, False, True, False])], a[a < 0].sum())
