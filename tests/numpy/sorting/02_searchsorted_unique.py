# searchsorted (sides, scalars, arrays, mixed types) and unique with its extra outputs.
import numpy as np
s = np.array([1.0, 2.0, 2.0, 3.5, 7.0])
print(np.searchsorted(s, 2.0), np.searchsorted(s, 2.0, side="right"), repr(np.searchsorted(s, 0)))
print(np.searchsorted(s, [0, 2, 4, 8, np.nan]), s.searchsorted(np.array([[3, 7]]), side="right"))
print(np.searchsorted(np.arange(10), 4.5), np.searchsorted([1, 3, 5], [2, 6]))
u = np.array([3, 1, 2, 3, 1, 9, 2, 2])
print(np.unique(u))
vals, idx, inv, cnt = np.unique(u, return_index=True, return_inverse=True, return_counts=True)
print(vals, idx, inv, cnt)
print(np.unique(np.array([[1.5, np.nan], [np.nan, 1.5]])), np.unique([]), np.unique(np.array([True, False, True])))
w, c = np.unique(np.array([0.5, 0.25, 0.5]), return_counts=True)
print(w, c)
