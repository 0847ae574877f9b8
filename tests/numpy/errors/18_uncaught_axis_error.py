# An uncaught AxisError from cumsum ends the program with NumPy's last stderr line.
import numpy as np
a = np.ones((2, 2))
print(a.cumsum(axis=1))
print(np.cumsum(a, axis=-2))
np.cumsum(a, axis=2)
print("not reached")
