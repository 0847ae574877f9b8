# ravel returns a view of contiguous arrays and a copy otherwise; flatten always copies.
import numpy as np
a = np.arange(12).reshape(3, 4)
r = a.ravel()
r[0] = -1
print(a[0], r.base is a, np.shares_memory(a, r))
f = a.flatten()
f[1] = -2
print(a[0], np.shares_memory(a, f))
t = a.T.ravel()
t[0] = 500
print(a[0], t, np.shares_memory(a, t))
s = a[::2].ravel()
s[:] = 0
print(a.sum(), np.shares_memory(a, s))
rows = a[1:].ravel()
rows[:] = 7
print(a, np.shares_memory(a, rows))
rv = np.ravel(a[::-1])
print(rv, np.shares_memory(a, rv))
v = a.reshape(-1)
v[-1] = 1000
print(a[2, 3], v.base is a, a.reshape(4, 3).base is a)
