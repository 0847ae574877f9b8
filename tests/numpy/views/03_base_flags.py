import numpy as np
a = np.arange(12)
b = a.reshape(3, 4)
c = b[1:]
print(a.base is None, b.base is a, c.base is a)
print(b.flags.c_contiguous, b.flags.f_contiguous, b.T.flags.c_contiguous, b.T.flags.f_contiguous)
print(c.flags['C_CONTIGUOUS'], b[:, 1].flags.c_contiguous, a.flags.owndata, b.flags.owndata)
print(a.flags.writeable)
d = b.copy()
print(d.base is None, d.flags.owndata)
print(b.flags)
