# Rows a[i] and columns a[:, j] obtained in loops write through; assignment into them broadcasts.
import numpy as np
a = np.zeros((4, 5), dtype=np.int32)
for i in range(4):
    row = a[i]
    row += i
    row[i] = -1
for j in range(0, 5, 2):
    col = a[:, j]
    col *= 10
print(a)
b = np.arange(24.0).reshape(2, 3, 4)
for plane in b:
    plane[1] = plane[0] + plane[2]
print(b)
for k, row in enumerate(b[0]):
    row[:] = k
print(b[0], b[1, 0])
c = np.arange(6)
for x in c:
    x = x * 2
print(c)
d = np.ones((3, 3))
d[1][1] = 5
d[2][::2] = -3
print(d)
