# repr and str of small mixed-value arrays in every dtype, 1-d and 2-d, and their 0-d items.
import numpy as np
vals = [0, 1, 7, 100]
for dt in (bool, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
           np.uint64, np.float32, np.float64, np.complex128):
    a = np.array(vals, dtype=dt)
    print(repr(a), str(a))
    print(repr(a.reshape(2, 2)))
    print(repr(a[2]), str(a[2]), repr(np.array(a[3])), str(np.array(a[3])))
print(repr(np.array([1.5, -2.25], dtype=np.float32).reshape(2, 1)))
print(repr(np.array([[1 + 1j, -2.5j]])), str(np.array([0j])))
