import numpy as np
try:
    np.array([[1, 2], [3]])
except ValueError as e:
    print(e)
try:
    np.array([[1, 2], [3, [4]]])
except ValueError as e:
    print("ValueError")
