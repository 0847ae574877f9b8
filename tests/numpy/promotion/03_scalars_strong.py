import numpy as np
a = np.array([1, 2], dtype=np.int8)
print((a + np.int64(1)).dtype, (a + np.int8(1)).dtype, (a * np.float64(2)).dtype)
f = np.array([1.0], dtype=np.float32)
print((f + np.float64(1)).dtype, (f + 1.0).dtype, (f + 1).dtype)
print(repr(np.int8(5) + 1), repr(np.float64(1.5) * 2), repr(np.int64(3) / 2))
print(repr(np.float32(0.1) + np.float32(0.2)))
