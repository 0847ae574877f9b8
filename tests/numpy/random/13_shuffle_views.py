# shuffle works in place on views and columns; permutation copies; both APIs.
import numpy as np
rs = np.random.RandomState(3)
a = np.arange(20).reshape(4, 5)
rs.shuffle(a[1])
print(a)
rs.shuffle(a[:, 0])
print(a[:, 0])
row_view = a[::2]
rs.shuffle(row_view)
print(a)
p = rs.permutation(a)
p[0, 0] = -1
print(a.min(), p.shape)
g = np.random.default_rng(3)
b = np.arange(10.0)
g.shuffle(b[::2])
print(b)
c = np.arange(12).reshape(3, 4)
g.shuffle(c.T)
print(c)
print(g.permutation(c)[0], g.permutation(np.arange(3)).dtype)
lst = [[1, 2], [3, 4], [5, 6]]
g.shuffle(lst)
print(lst)
