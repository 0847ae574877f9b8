import numpy as np
a = np.array([1, 2, 3], dtype=np.int32)
print(repr(a + 1), repr(a * 2.0), repr(a + True), repr(a - 2**31))
b = np.array([1.5], dtype=np.float32)
print(repr(b * 2), repr(b + 2**40))
u = np.array([5], dtype=np.uint8)
print(repr(u + 250), repr(u < 300), repr(u > -1), repr(u == 5))
