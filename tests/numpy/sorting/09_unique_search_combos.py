# unique with counts/inverse on 2-d and float input; searchsorted with side= on every element and sorter=.
import numpy as np
m = np.array([[3, 1, 2], [2, 3, 3], [0, 1, 3]])
vals, inv, cnt = np.unique(m, return_inverse=True, return_counts=True)
print(vals, inv, cnt, inv.shape, vals[inv].reshape(m.shape).tolist() == m.tolist())
print(np.unique(np.array([2.5, -0.0, 0.0, 2.5, np.inf, -np.inf])), np.unique(np.array([5, 5, 5], dtype=np.uint8), return_counts=True))
u, first = np.unique(np.array([9, 4, 9, 1, 4, 4]), return_index=True)
print(u, first)
s = np.array([10, 20, 20, 20, 30, 40, 40])
for v in (5, 10, 20, 25, 40, 45):
    print(v, np.searchsorted(s, v, side="left"), np.searchsorted(s, v, side="right"))
print(np.searchsorted(s, [[20, 30], [40, 0]], side="right"))
order = np.array([3, 0, 4, 1, 2])
data = np.array([30, 10, 50, 20, 40])
print(np.searchsorted(data, [25, 45, 5], sorter=np.argsort(data)), np.searchsorted(data[np.argsort(data)], 25))
print(np.searchsorted(np.array([1.0, 2.0, np.nan]), [np.nan, 3.0]), np.searchsorted(np.arange(5, dtype=np.int8), 300))
counts = np.unique(np.random.default_rng(1).integers(0, 5, size=200), return_counts=True)[1]
print(counts, counts.sum())
