import numpy as np
a = np.arange(12).reshape(3, 4)
t = a.T
r = t.reshape(12)
r[0] = 100
print(a[0, 0], r[:4], r.base is t, np.shares_memory(r, a))
s = a[:, 1:3].reshape(6)
s[0] = -1
print(a[0], s)
v = a[1:].reshape(2, 2, 2)
v[0, 0, 0] = -9
print(a[1], v.base is a)
print(a.reshape(2, 6).reshape(4, 3).base is a, a.ravel().base is a, a.T.ravel().base is a)
