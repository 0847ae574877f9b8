# cumsum/cumprod (dtypes, axes), var/std (ddof, axes), diff, ptp, median, average, round.
import numpy as np
m = np.arange(1, 13).reshape(3, 4)
print(np.cumsum(m), np.cumsum(m, axis=0), np.cumsum(m, axis=1), m.cumprod(axis=1))
print(np.cumsum(np.array([1, 2, 3], dtype=np.int8)).dtype, np.cumsum(np.array([True, True, False])), np.cumsum(np.array([0.1] * 5)))
print(np.cumprod(np.array([1.5, 2.0, -1.0])), np.cumsum(np.array([1, 2], dtype=np.uint8)).dtype, np.cumsum(m, dtype=float)[-1])
x = np.array([[1.0, 2.0, 4.0], [3.0, 9.0, 27.0]])
print(np.var(x), np.std(x), x.var(axis=0), x.std(axis=1), np.var(x, ddof=1), np.std(m, axis=0, keepdims=True))
print(repr(np.var([1, 2, 3, 4])), np.std(np.array([2.5])), np.var(np.arange(10), ddof=1))
print(np.diff(np.array([1, 4, 9, 16, 25])), np.diff(x), np.diff(x, axis=0), np.diff(np.array([1, 4, 9, 16]), n=2))
print(np.diff(np.array([True, False, False, True])), np.ptp(x), np.ptp(x, axis=1), np.median(np.array([3, 1, 2, 4])), np.median(np.array([5.0, 1.0, 3.0])))
print(np.average(x), np.average(np.array([1.0, 2.0, 3.0]), weights=np.array([3.0, 1.0, 0.0])), np.trace(m[:, :3]))
y = np.array([1.23456, -2.5, 0.5, 1.5, 2.675, 1e-9, 123.456])
print(np.round(y, 2), np.round(y), y.round(1), np.around(y, -1), np.round(np.arange(3), 2), np.round(2.5), repr(np.round(1.2345, 3)))
