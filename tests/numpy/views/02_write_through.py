import numpy as np
a = np.arange(10)
v = a[2:8:2]
v[0] = 100
v[-1] = -1
print(a, v)
m = np.zeros((3, 4))
m[1] = 5
m[:, 2] = 7
m[0, 0] = 1.5
print(m)
r = m[::-1, ::-1]
r[0, 0] = 9
print(m)
t = m.T
t[3, 0] = -2
print(m)
row = m[2]
row[:] = np.array([1, 2, 3, 4])
print(m)
m[0] = [10, 20, 30, 40]
print(m)
