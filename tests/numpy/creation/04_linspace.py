import numpy as np
print(repr(np.linspace(0, 1, 5)))
print(repr(np.linspace(0, 1, 11)))
print(repr(np.linspace(-1, 1, 7)))
print(repr(np.linspace(0, 10, 4, endpoint=False)))
print(repr(np.linspace(2, 3, 1)))
print(np.linspace(0, 1, 3).dtype)
