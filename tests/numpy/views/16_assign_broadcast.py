import numpy as np
m = np.zeros((3, 4))
m[:] = np.arange(4)
print(m)
m[:, :2] = np.array([[1], [2], [3]])
print(m)
m[1:, ::2] = -1
print(m)
m.fill(7)
print(m)
z = np.zeros((2, 2), dtype=bool)
z[0] = True
print(z)
