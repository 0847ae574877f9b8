# Fancy indexing returns copies (writes do not reach the base) while slices of them are views of the copy.
import numpy as np
a = np.arange(12).reshape(3, 4)
f = a[[2, 0]]
f[0, 0] = -1
print(a[2, 0], f.base is None or not np.shares_memory(f, a), f.flags.c_contiguous)
g = a[a % 5 == 0]
g[:] = 0
print(a.ravel()[::5], g)
h = a[:, [1, 3]]
h2 = h[1:]
h2[0, 0] = 555
print(h, a[1, 1])
rows = a[np.array([True, False, True])]
print(rows, rows.shape, np.shares_memory(rows, a))
v = a[::-1][[0, 1], ::2]
print(v, np.shares_memory(v, a))
k = a[np.array([[0, 1], [2, 0]])]
print(k.shape, k[1, 0], a[[-1, -3]].tolist())
a[[0, 0, 0]] += 1
print(a[0])
x = np.arange(5)
x[[1, 3]] *= 10
x[x > 20] -= 100
print(x)
