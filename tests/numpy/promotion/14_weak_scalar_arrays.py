# Python int/float/complex with small-dtype arrays: weak scalars keep the array dtype, out-of-range ints error.
import numpy as np
for dt in (np.int8, np.uint8, np.int16, np.uint32, np.float32):
    a = np.array([1, 2, 3], dtype=dt)
    print(np.dtype(dt).name, repr(a * 2), repr(a - 1), repr(a / 2), repr(a // 2), repr(a + 1.5), (a * 1j).dtype if dt is not np.float32 else "")
for dt, v in ((np.int8, 200), (np.uint8, -1), (np.uint8, 256), (np.int16, 40000)):
    try:
        np.ones(2, dtype=dt) + v
    except OverflowError as e:
        print("OverflowError:", e)
print(repr(np.array([250], dtype=np.uint8) + 10), repr(np.array([1], dtype=np.uint8) - 2), repr(np.array([100], dtype=np.int8) * 3))
print(repr(np.array([1.0], dtype=np.float32) + 1e40), repr(np.array([True]) + 1), repr(np.array([True]) * 1.5))
print(repr(np.array([5], dtype=np.uint64) - 1), (np.array([5], dtype=np.uint64) + np.int64(1)).dtype)
print(repr(np.array([1, 2], dtype=np.int32) == 1.5), repr(np.array([200], dtype=np.uint8) > -1), repr(np.array([1], dtype=np.int8) < 1000))
