# .base always points at the array owning the memory, however many views are stacked.
import numpy as np
a = np.arange(24)
b = a.reshape(2, 12)
c = b[:, 3:9]
d = c.reshape(2, 2, 3) if c.flags.c_contiguous else c
e = c.T
f = e[::2]
for name, v in [("b", b), ("c", c), ("d", d), ("e", e), ("f", f)]:
    print(name, v.base is a, v.flags.owndata, v.flags.c_contiguous, v.flags.f_contiguous, v.shape, v.strides)
g = c.copy()
print(g.base is None, g.flags.owndata, g.flags.c_contiguous)
h = g[1:]
print(h.base is g, h.base is a)
s = a[5]
print(type(s).__name__, np.ndim(s))
z = a[::-1][::-1]
z[0] = 77
print(a[:3], z.base is a, z.strides)
o = np.ones((3, 1, 2))
sq = o.squeeze()
print(sq.base is o, sq.shape, np.expand_dims(sq, 1).base is o)
