# Functions that return views (flip, T, squeeze) write through; copies (tile, repeat) do not.
import numpy as np
a = np.arange(6).reshape(2, 3)
f = np.flip(a)
f[0, 0] = 100
print(a, np.shares_memory(a, f))
t = np.tile(a, 2)
t[0, 0] = -1
print(a[0, 0], np.shares_memory(a, t))
r = np.repeat(a, 2, axis=0)
r[:] = 0
print(a.sum())
s = np.expand_dims(a, 0).squeeze()
s[1, 1] = 42
print(a, a.flags["C_CONTIGUOUS"], f.flags["C_CONTIGUOUS"])
