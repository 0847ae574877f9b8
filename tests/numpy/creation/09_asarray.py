import numpy as np
a = np.array([1, 2, 3])
print(np.asarray(a) is a)
b = np.asarray(a, dtype=float)
print(repr(b), b is a)
c = np.array(a)
c[0] = 99
print(a, c)
print(repr(np.asarray([[1, 2], [3, 4]])))
print(repr(np.array(5)), repr(np.array(2.5)), np.array(5).shape, np.array(5).ndim)
