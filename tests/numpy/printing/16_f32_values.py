import numpy as np
print(repr(np.array([1 / 3, 2 / 3], dtype=np.float32)))
print(repr(np.array([1e-5, 1.0], dtype=np.float32)))
print(repr(np.array([123456.7, 0.5], dtype=np.float32)))
print(np.array([3.14159265, 2.71828], dtype=np.float32))
print(repr(np.linspace(0, 1, 7).astype(np.float32)))
