# Sorting and unique on larger arrays with many ties, searchsorted on the result.
import numpy as np
rng = np.random.default_rng(4)
x = rng.integers(0, 50, size=5000)
s = np.sort(x)
print(s[:10], s[-5:], np.all(s[1:] >= s[:-1]))
u, counts = np.unique(x, return_counts=True)
print(u[:8], counts[:8], counts.sum())
print(np.searchsorted(s, [0, 25, 49, 50]), np.searchsorted(s, [0, 25, 49, 50], side="right"))
f = rng.standard_normal(3000)
f[::7] = np.nan
fs = np.sort(f)
print(np.isnan(fs[-450:]).all(), np.isnan(fs[:-429]).any(), fs[:3].round(6))
m = rng.integers(0, 9, size=(40, 30))
print(np.sort(m, axis=0)[0, :6], np.sort(m, axis=1)[:2, -4:], np.cumsum(np.sort(m, axis=None))[-1])
