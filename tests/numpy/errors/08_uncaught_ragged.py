import numpy as np
print(np.array([[1, 2], [3, 4]]).shape)
np.zeros((2, 3)) @ np.zeros((2, 3))
