import numpy as np
for dt in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.float32, np.float64, bool]:
    a = np.array([1, 2, 3], dtype=dt)
    print(repr(a), a.dtype, a.itemsize, a.nbytes, a.strides)
print(np.dtype('float64'), repr(np.dtype('int32')), np.dtype(float) == np.float64, np.dtype('f8') == 'float64')
print(np.dtype(np.int16).itemsize, np.dtype(np.uint8).kind, np.dtype(float).char)
