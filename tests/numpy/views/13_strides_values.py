import numpy as np
a = np.arange(24, dtype=np.int16).reshape(4, 6)
print(a.strides, a[::2].strides, a[:, ::3].strides, a[::-1].strides, a.T.strides, a[1].strides, a[None].strides)
print(a.itemsize, a.nbytes, a[::2].nbytes, a.size, a[:, 1:3].size)
f = np.zeros((3, 4, 5), dtype=np.float32)
print(f.strides, f.transpose(2, 0, 1).strides, f[:, 1, ::2].strides)
