# transpose with explicit axes and swapaxes give strided views that write back to the base.
import numpy as np
a = np.arange(24).reshape(2, 3, 4)
t = a.transpose(2, 0, 1)
print(t.shape, t.strides, t[3, 1, 2], a[1, 2, 3])
t[0, 0, 0] = -5
s = a.swapaxes(0, 2)
s[1, 2, 1] = -9
print(a)
print(np.transpose(a, (1, 0, 2)).shape, np.transpose(a).shape, a.T.strides)
u = a.transpose((0, 2, 1))
u[:, 0, :] = 0
print(a[:, :, 0])
print(u.flags.c_contiguous, a.T.flags.f_contiguous, np.shares_memory(u, a))
m = np.arange(6.0).reshape(2, 3)
m.T[:] = m.T * 2
print(m)
m.T[1:] += 1
print(m, m.T.T.base is m)
