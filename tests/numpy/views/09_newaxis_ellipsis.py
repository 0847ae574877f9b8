import numpy as np
a = np.arange(6).reshape(2, 3)
print(repr(a[np.newaxis]), a[np.newaxis].strides)
print(repr(a[:, np.newaxis, :]))
print(repr(a[..., np.newaxis]).replace("\n", "|"))
print(a[None, ..., None].shape, a[...].shape, a[()].shape)
z = np.array(3.5)
print(repr(z[()]), repr(z[...]), z[None].shape)
