import numpy as np
print(repr(np.eye(3)))
print(repr(np.eye(2, 3)))
print(repr(np.eye(3, k=1)))
print(repr(np.identity(2)))
print(repr(np.eye(2, dtype=int)))
