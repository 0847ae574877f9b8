import numpy as np
a = np.array([[3, 7, 1], [9, 2, 9]])
print(repr(a.argmax()), repr(a.argmin()), a.argmax(axis=0), a.argmin(axis=1), np.argmax(a, axis=1))
f = np.array([1.0, 5.0, np.nan, 5.0])
print(f.argmax(), f.argmin(), np.argmax(np.array([2, 8, 8])))
