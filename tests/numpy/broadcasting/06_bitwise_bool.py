import numpy as np
a = np.array([True, False, True, False])
b = np.array([True, True, False, False])
print(a & b, a | b, a ^ b, ~a)
print(a + b, a * b)
i = np.array([12, 10, 7])
print(i & 6, i | 1, i ^ 3, ~i, i << 2, i >> 1)
