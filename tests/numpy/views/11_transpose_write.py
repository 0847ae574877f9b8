import numpy as np
a = np.arange(12).reshape(3, 4)
t = a.T
print(t.strides, t.shape, t.base is a, t.flags.writeable)
t[1:3, 0] = -1
print(a)
s = a.swapaxes(0, 1)
print(s.shape, s.strides)
b = np.arange(24).reshape(2, 3, 4)
print(b.transpose(2, 1, 0)[3, 2], b.T.shape)
c = a[::2, ::-2]
print(c, c.strides)
c[...] = 0
print(a)
