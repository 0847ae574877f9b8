import numpy as np
a = np.array([7, -7, 7, -7])
b = np.array([2, 2, -2, -2])
print(a / b, a // b, a % b)
f = a.astype(float)
g = b.astype(float)
print(f // g, f % g)
print(np.array([5.5, -5.5]) // 2, np.array([5.5, -5.5]) % 2)
print(np.array([2, 3]) ** np.array([3, 2]), np.array([2.0, 4.0]) ** 0.5)
try:
    np.array([2, 3]) ** -1
except ValueError as e:
    print(e)
