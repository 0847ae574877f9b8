import numpy as np
a = np.array([1.7, -2.2, 3.9])
print(repr(a.astype(int)), repr(a.astype(np.int8)), repr(a.astype(bool)), repr(a.astype(np.float32)))
b = np.array([1, 0, 3])
print(repr(b.astype(float)), repr(b.astype(bool)), repr(b.astype(np.uint8)))
c = a.copy()
c[0] = 0
print(a, c)
print(repr(np.array([300, -1]).astype(np.uint8)))
print(repr(np.array([True, False]).astype(np.float64)))
