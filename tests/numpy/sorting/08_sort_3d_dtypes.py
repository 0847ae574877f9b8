# sort/argsort on each axis of 3-d arrays of several dtypes, of views, with negative axis and axis=None.
import numpy as np
g = np.random.default_rng(8)
a = g.integers(-20, 20, size=(2, 3, 4))
for ax in (0, 1, 2, -1, -3, None):
    print(ax, np.sort(a, axis=ax).tolist(), np.argsort(a, axis=ax, kind="stable").tolist())
for dt in (np.int8, np.uint8, np.int16, np.uint32, np.float32, np.uint64):
    b = np.array([5, 3, 250, 0, 7, 3], dtype=dt) if dt not in (np.int8,) else np.array([5, 3, -100, 0, 7, 3], dtype=dt)
    print(repr(np.sort(b)), np.argsort(b, kind="stable"))
v = a[:, ::-1, ::2]
print(np.sort(v, axis=1), v.argsort(axis=0, kind="stable"))
t = a.T.copy()
t.sort(axis=1)
print(t[0])
f = np.array([[0.5, -0.0, 0.0], [np.inf, -np.inf, np.nan]])
print(np.sort(f, axis=None), np.sort(f, axis=0), np.argsort(f, axis=1))
