import numpy as np
a = np.array([[1.5, 22.25, -333.125], [0.0, 1.0, 1e3]])
print(repr(a))
print(a)
print(repr(np.array([[1e-3, 1.0], [10.0, 100.0]])))
print(repr(np.array([[np.nan, 1.0], [np.inf, -2.5]])))
print(repr(np.array([1.0, 2.0, 3.0]) / 3 * 1e9))
