# Assignment through masks, index lists and slices casts values to the array dtype (floats truncate).
import numpy as np
a = np.zeros(6, dtype=np.int16)
a[[0, 2, 4]] = [1.9, -2.7, 300.5]
print(repr(a))
a[a > 0] = 7.99
print(repr(a))
u = np.zeros(4, dtype=np.uint8)
u[1:3] = np.array([3.7, 255.0])
u[np.array([True, False, False, True])] = 9
print(repr(u))
f = np.zeros(5, dtype=np.float32)
f[::2] = [1 / 3, 2 / 3, 1.0]
f[[1, 3]] = np.int64(7)
print(repr(f))
b = np.zeros(4, dtype=bool)
b[[1, 2]] = [5, 0]
b[3] = 0.5
print(repr(b))
m = np.zeros((3, 3), dtype=np.int64)
m[[0, 2]] = np.array([[1.5, 2.5, 3.5]])
m[1][[0, 2]] = True
m[m == 0] = -1
print(repr(m))
c = np.zeros(3, dtype=complex)
c[[0, 2]] = [1, 2.5]
c[1] = 3j
print(repr(c))
try:
    a[[0, 9]] = 1
except IndexError as e:
    print("IndexError:", e)
