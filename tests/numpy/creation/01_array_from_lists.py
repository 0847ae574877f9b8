import numpy as np
print(repr(np.array([1, 2, 3])))
print(repr(np.array([1.5, 2, 3])))
print(repr(np.array([[1, 2], [3, 4]])))
print(repr(np.array([True, False, True])))
print(repr(np.array([[1.0, 2.0], [3.0, 4.0]])))
print(repr(np.array((1, 2, 3))))
print(repr(np.array([])))
print(np.array([1, 2, 3]).dtype, np.array([1.0]).dtype, np.array([True]).dtype)
