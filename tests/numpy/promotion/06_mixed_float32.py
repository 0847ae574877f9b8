import numpy as np
a = np.array([1.5, 2.25, 3.125], dtype=np.float32)
print(repr(a + a), repr(a * 2), repr(a / 2), repr(a + np.float32(1)))
print(repr(a + np.array([1, 2, 3], dtype=np.int8)), repr(a + np.array([1, 2, 3])))
print(repr(np.sqrt(a)), repr(a.sum()), repr(a.max()), a.sum().dtype)
print(repr(np.array([0.1], dtype=np.float32) * 3))
