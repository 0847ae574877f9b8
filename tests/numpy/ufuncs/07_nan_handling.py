import numpy as np
a = np.array([np.nan, 1.0, -np.inf, np.inf, 0.0])
print(np.sqrt(np.abs(a)), np.floor(a), np.sign(a), np.exp(-np.abs(a)))
print(np.maximum(a, 0.5), np.fmin(a, 0.5), a > 0, np.isfinite(a).sum())
print(repr(np.max(a)), repr(np.min(a[1:])), repr(np.sum(a[1:3])))
