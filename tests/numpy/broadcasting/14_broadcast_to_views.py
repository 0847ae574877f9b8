# broadcast_to gives read-only views with zero strides; arithmetic with them; copies become writable.
import numpy as np
a = np.arange(3)
b = np.broadcast_to(a, (4, 3))
print(b, b.shape, b.strides, b.flags.writeable, np.shares_memory(a, b))
try:
    b[0, 0] = 5
except ValueError as e:
    print("ValueError:", e)
c = b.copy()
c[0, 0] = 5
print(c.flags.writeable, c[0], a)
a[1] = 100
print(b[:, 1])
col = np.broadcast_to(np.array([[1.5], [2.5]]), (2, 4))
print(col, col.strides, (col * b[:2, :1]).tolist())
s = np.broadcast_to(7, (2, 2))
print(repr(s), s.strides, repr(np.broadcast_to(np.array(2.0), ())))
print(np.broadcast_to(np.arange(2), (3, 0, 2)).shape, (b + b).flags.writeable, b.sum(axis=0))
print(np.broadcast_shapes((3, 1, 4), (1, 5, 1)), np.broadcast_shapes((0,), (1,)), np.broadcast_shapes())
