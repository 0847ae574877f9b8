import numpy as np
a = np.array([1, 5, 3, 7])
b = np.array([2, 5, 1, 8])
print(a < b, a <= b, a > b, a >= b, a == b, a != b)
print(a > 3, 3 < a, a == 5)
f = np.array([1.0, np.nan, 3.0])
print(f == f, f != f, f > 2)
m = np.arange(6).reshape(2, 3)
print(m > np.array([0, 2, 4]))
