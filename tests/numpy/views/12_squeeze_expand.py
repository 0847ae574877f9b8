import numpy as np
a = np.zeros((1, 3, 1))
print(np.squeeze(a).shape, a.squeeze(axis=0).shape, np.expand_dims(np.arange(3), 0).shape, np.expand_dims(np.arange(3), 1).shape)
print(np.shape(a), np.ndim(a), np.size(a))
b = np.broadcast_to(np.arange(3), (2, 3))
print(repr(b), b.strides, b.flags.writeable)
try:
    b[0, 0] = 1
except ValueError as e:
    print(e)
print(np.broadcast_shapes((2, 1), (1, 3)), np.shares_memory(a, a.reshape(3)), np.shares_memory(a, a.copy()))
