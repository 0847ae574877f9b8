# nonzero/where on 3-d and views; clip with array bounds and int/float mixes.
import numpy as np
a = np.arange(24).reshape(2, 3, 4) % 5
nz = np.nonzero(a == 0)
print(nz, a[a == 0], len(nz))
print(np.where(a.T > 3), np.nonzero(a[:, 1, ::-1]))
print(np.where(a[0] > 2, a[0], -a[1]))
print(np.nonzero(np.array([0, 0])), np.argwhere(a[1] == 4))
lo = np.array([1, 2, 3, 4])
hi = np.array([[2], [3], [10]])
print(np.clip(a[0], lo, hi))
print(np.clip(np.arange(-3, 4), -1.5, 1.5), np.clip(np.array([1, 200], dtype=np.uint8), 10, 100))
print(np.clip(np.array([-2.0, 0.5, 3.0, np.inf, -np.inf]), 0, 1))
x = np.clip(np.arange(10), 2, 7)
print(x, np.clip(x, 5, 3))
print(np.clip(np.array([1.5, -1.5]), a_min=None, a_max=0), np.clip(3, 0, 1), repr(np.clip(np.float32(2.5), 0, 1)))
