import numpy as np
a = np.zeros(10, dtype=int)
a[::3] = 1
print(a)
a[2:5] = np.array([7, 8, 9])
print(a)
a[-2:] = 5
print(a)
b = np.zeros((3, 3))
b[1:, 1:] = np.array([[1, 2], [3, 4]])
print(b)
b[:, 0] = np.array([9, 8, 7])
print(b)
b[...] = 0.5
print(b)
c = np.arange(5)
c[1:] = c[:-1]
print(c)
i = np.arange(4)
i[0] = 2.9
print(i)
