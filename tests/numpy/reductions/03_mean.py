import numpy as np
a = np.arange(12).reshape(3, 4)
print(repr(a.mean()), a.mean(axis=0), a.mean(axis=1), np.mean(a, axis=0, keepdims=True))
f = np.array([0.1, 0.2, 0.3, 0.4])
print(repr(f.mean()), repr(np.mean(np.arange(10000))), repr(np.mean(np.arange(20000) / 3)))
