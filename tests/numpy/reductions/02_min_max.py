import numpy as np
a = np.array([[3, 7, 1], [9, 2, 5]])
print(repr(a.max()), repr(a.min()), a.max(axis=0), a.min(axis=1), np.max(a, axis=1, keepdims=True))
f = np.array([1.5, np.nan, 0.5])
print(f.max(), f.min(), np.max(np.array([2.5, -1.0])))
print(repr(np.array([True, False]).max()))
print(np.maximum(a, 4), np.minimum(a, np.array([5, 5, 5])))
