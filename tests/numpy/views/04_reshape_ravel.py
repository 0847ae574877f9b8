import numpy as np
a = np.arange(24)
b = a.reshape(2, 3, 4)
print(b.shape, b.strides, b.ndim, b.size)
print(b.reshape(6, -1).shape, b.reshape(-1).shape, a.reshape((4, 6)).strides)
r = b.ravel()
r[0] = 99
print(a[0], r.base is a)
t = b.T
print(t.shape, t.strides)
f = t.ravel()
f[0] = -5
print(a[0], f[:5])
print(b.transpose(1, 0, 2).shape, b.transpose((2, 0, 1)).strides)
print(np.transpose(b).shape, b.flatten().shape)
x = np.arange(6).reshape(2, 3).T.reshape(6)
print(x, x.base is None)
