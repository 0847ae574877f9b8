import numpy as np
a = np.arange(36).reshape(6, 6)
b = a[1:5, 1:5]
c = b[::2, ::-1]
d = c.T
d[0, 1] = -7
print(a)
print(c.base is a, d.base is a, d.flags.owndata, np.shares_memory(a, d))
e = a.reshape(3, 12)[1]
e[:] = 0
print(a[2], a[3])
