import numpy as np
a = np.arange(30).reshape(2, 3, 5)
print(a.mean(axis=0))
print(a.mean(axis=(1, 2)), a.mean(axis=-1).shape, repr(np.array([1, 2], dtype=np.int8).mean()))
print(repr(np.array([1.5, 2.5], dtype=np.float32).mean()), np.array([1.5], dtype=np.float32).mean().dtype)
