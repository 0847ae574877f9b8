import numpy as np
print(repr(-np.arange(30) * 1.25))
print(repr(np.arange(-20, 20) * 3))
print(np.arange(-10, 10) / 3)
print(repr(np.array([-1e-5, 1e5])))
