import numpy as np
print(np.arange(100))
print(np.arange(50) * 0.001)
print(np.arange(26).reshape(2, 13) * 1e6)
print(np.array([True, False] * 20))
