import numpy as np
i = np.array([1, 2, 3])
f = np.array([1.0, 2.5, 3.0])
print(i == f, i < f, i >= 2.5, np.array([True, False]) == 1, np.array([1, 2], dtype=np.uint8) < np.array([1, 3], dtype=np.int8))
print((i == f).dtype, repr(np.array([1.5]) > np.float32(1.0)))
