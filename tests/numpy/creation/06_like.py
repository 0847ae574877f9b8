import numpy as np
a = np.arange(6).reshape(2, 3)
print(repr(np.zeros_like(a)))
print(repr(np.ones_like(a)))
print(repr(np.full_like(a, 9)))
print(repr(np.zeros_like(a, dtype=float)))
b = np.array([1.5, 2.5])
print(repr(np.ones_like(b)), repr(np.full_like(b, 0.5)))
