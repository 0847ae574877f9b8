# Reprs and strs of NumPy scalars of every dtype, as NumPy 2 prints them.
import numpy as np
for t in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64):
    v = t(7)
    print(repr(v), str(v), v.dtype, type(v).__name__)
print(repr(np.float64(1.5)), repr(np.float32(0.1)), str(np.float32(0.1)), repr(np.float64(1e300)), repr(np.float64(-0.0)))
print(repr(np.True_), repr(np.False_), str(np.True_), repr(np.bool_(0)))
print(repr(np.float64("nan")), repr(np.float64("inf")), repr(np.complex128(1 + 2j)))
a = np.array([1, 2, 3], dtype=np.int16)
print(repr(a[0]), repr(a.sum()), repr(a.max()), repr(a.mean()), repr(np.float64(2) * 3))
