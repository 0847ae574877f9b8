# cumsum/cumprod along every axis of a 3-d array, of views, with dtype=, and of small ints wrapping.
import numpy as np
a = np.arange(1, 25).reshape(2, 3, 4)
for ax in (0, 1, 2, -1):
    print(ax, np.cumsum(a, axis=ax)[-1].tolist(), np.cumprod(a % 3 + 1, axis=ax)[..., -1].tolist())
print(np.cumsum(a[:, ::-1, 1::2], axis=1))
print(np.cumsum(a.T, axis=0).shape, np.cumsum(a.T)[:6])
i8 = np.array([100, 100, 100], dtype=np.int8)
print(repr(np.cumsum(i8)), repr(np.cumsum(i8, dtype=np.int8)), repr(np.cumprod(np.array([16, 16], dtype=np.uint8))))
print(repr(np.cumsum(np.array([1.5, 2.5]), dtype=int)), repr(np.cumprod(np.array([2, 3]), dtype=float)))
print(repr(np.cumsum(np.array([[True, True], [False, True]]), axis=0)))
e = np.zeros((0, 3))
print(repr(np.cumsum(e)), np.cumsum(e, axis=0).shape, repr(np.cumprod(np.array([], dtype=np.int32))))
print(repr(np.cumsum(np.array([1e300, -np.inf, 5.0]))), repr(np.cumprod(np.array([-0.5, 0.0, 2.0]))))
