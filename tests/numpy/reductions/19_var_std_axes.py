# var/std with ddof on each axis of a 3-d array, keepdims, integer and bool input.
import numpy as np
a = np.arange(24).reshape(2, 3, 4) ** 2 % 7
for ax in (None, 0, 1, 2, -1, (0, 2)):
    print(ax, np.round(a.var(axis=ax), 6), np.round(a.std(axis=ax, ddof=1), 6))
print(np.round(np.var(a, axis=1, keepdims=True), 4).shape, np.std(a, axis=(1, 2), keepdims=True).shape)
print(repr(np.var(np.array([True, False, True, True]))), repr(np.std(np.array([1, 1, 1], dtype=np.int8))))
print(repr(np.var(np.array([2.0, 4.0]), ddof=1)), repr(np.std(np.arange(5, dtype=np.uint8), ddof=2)))
print(np.var(np.array([1, 2, 3, 4], dtype=np.float32)).dtype, repr(np.std(np.array([1, 2, 3, 4], dtype=np.float32))))
m = np.array([[1.0, 1e8], [1.0 + 1e-8, 1e8 + 1]])
print(np.round(m.std(axis=0), 12), np.round(m.var(axis=1) / 1e15, 6))
