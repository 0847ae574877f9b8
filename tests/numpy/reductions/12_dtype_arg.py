import numpy as np
a = np.array([100, 100, 100], dtype=np.int8)
print(repr(a.sum()), repr(a.sum(dtype=np.int8)), repr(np.sum(a, dtype=float)))
print(repr(np.arange(5).mean(dtype=np.float32)) if False else repr(np.arange(5).mean()))
b = np.array([[1, 2], [3, 4]], dtype=np.uint8)
print(repr(b.sum(axis=0)), repr(b.prod()), repr(b.max(axis=1)))
