# sort and argsort along each axis; NaN last; stable argsort of distinct values; in place.
import numpy as np
a = np.array([3.5, -1.0, np.nan, 2.0, -np.inf, 0.0, 7.25])
print(np.sort(a), np.argsort(a))
m = np.array([[5, 1, 4], [2, 8, 0], [9, 3, 6]])
print(np.sort(m), np.sort(m, axis=0), np.sort(m, axis=None))
print(np.argsort(m, axis=0), np.argsort(m, axis=1))
b = np.array([4, 2, 9, 1], dtype=np.int8)
b.sort()
print(b, b.dtype)
c = m.T.copy()
c.sort(axis=0)
print(c)
print(np.sort(np.array([True, False, True])), np.sort(np.array([3 + 1j, 1 + 2j, 1 - 1j])))
print(np.sort(np.array([], dtype=float)), np.argsort(np.array([2.5, 1.5])).dtype)
v = np.arange(10.0)[::-1]
print(np.sort(v[::2]), v.argsort()[:3])
