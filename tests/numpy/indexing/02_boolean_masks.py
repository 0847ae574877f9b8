# Boolean masks select in C order; assignment through masks and integer arrays.
import numpy as np
a = np.arange(10) * 1.5
print(a[a > 7], a[(a > 3) & (a < 9)], a[a > 100])
m = np.arange(12).reshape(3, 4)
print(m[m % 2 == 0], m[np.array([True, False, True])])
m[m > 8] = 0
print(m)
m[[0, 2]] = 7
print(m)
m[m == 7] = np.arange(9)
print(m)
for value in (np.arange(8), np.arange(4)):
    try:
        m[m > 100] = 1
        m[m >= 0] = value
    except ValueError as e:
        print("ValueError", e)
try:
    m[[0, 1]] = np.arange(3)
except ValueError as e:
    print("ValueError", e)
a[[1, 1, 2]] = [5, 6, 7]
print(a)
x = np.zeros(5)
x[x == 0] = 3
print(x)
try:
    m[np.array([True, False])]
except IndexError as e:
    print("IndexError", e)
