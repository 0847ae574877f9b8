# mean of integer dtypes (float64 result), any/all with axes and keepdims on numbers and nans.
import numpy as np
for dt in (np.int8, np.uint8, np.int32, np.uint64, bool):
    a = np.array([[1, 0, 3], [1, 1, 0]], dtype=dt)
    print(dt.__name__, repr(a.mean()), a.mean(axis=0), a.mean(axis=1, keepdims=True).dtype)
big = np.array([2**62, 2**62, 2**62], dtype=np.int64)
print(repr(big.mean()), repr(np.array([255, 255], dtype=np.uint8).mean()))
print(repr(np.mean(np.array([1, 2], dtype=np.float32))), np.mean(np.arange(6).reshape(2, 3), axis=(0, 1)))
m = np.array([[0, 2, 0], [0, 0, 0], [1, -1, 0]])
print(m.any(axis=0), m.any(axis=1), m.all(axis=0), np.all(m != 5, axis=1, keepdims=True).tolist())
print(np.any(np.array([np.nan])), np.all(np.array([np.nan, -0.0])), np.any(np.array([-0.0, 0.0])))
print(repr(np.all(np.zeros((0, 3)), axis=0)), repr(np.any(np.zeros((0, 3)), axis=0)), repr(np.all([])))
print(np.any(m, axis=(0, 1)), repr(np.all(m > -2, keepdims=True)))
c = np.array([0j, 1j, 0j])
print(c.any(), c.all(), np.any(c[::2]))
