import numpy as np
print(repr(np.arange(40) % 3 == 0))
print(np.arange(40) % 2 == 0)
print(repr(np.arange(-50, 50, 7).reshape(1, -1)))
print(repr(np.array([[True], [False]])))
print(repr(np.arange(10**6, 10**6 + 20)))
