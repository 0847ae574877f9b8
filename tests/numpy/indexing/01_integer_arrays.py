# Integer-array indexing copies rows; negative indices; errors.
import numpy as np
a = np.arange(10) * 1.5
print(a[[1, 3, -1]], a[np.array([0, 0, 9])], a[[]])
b = a[[2, 4]]
b[0] = 100
print(a[2], b)
m = np.arange(12).reshape(3, 4)
print(m[[2, 0]], m[np.array([[0, 1], [2, 2]])])
print(m[[-1]], np.take(m, [0, 5, 11]), np.take(m, [1, 2], axis=0), m.take([3, 3]))
for key in ([10], [-11], np.array([0.5])):
    try:
        a[key]
    except IndexError as e:
        print("IndexError", e)
