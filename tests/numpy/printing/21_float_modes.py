# Positional against scientific printing at the edges of NumPy's rule, with subnormals,
# negative zeros, and mixed magnitudes.
import numpy as np
for values in ([1e-4, 1.0], [9.9999e-5, 1.0], [1.0, 1000.0], [1.0, 1001.0], [1e8 - 1, 1.0], [1e8, 1.0],
               [5e-324, 1.0], [-0.0, 0.0, 1.5], [1e-300, 1e300], [123456.789, 0.001]):
    a = np.array(values)
    print(a, repr(a))
print(np.array([0.1, 0.2, 0.3]) * 3, np.array([1 / 3, 2 / 3, 1.0]), np.array([2.5e-5, 1.0], dtype=np.float32))
