import numpy as np
print(repr(np.array([0.001, 0.01, 0.1])))
print(repr(np.array([0.0001, 0.5])))
print(repr(np.array([1.0, 999.0])))
print(repr(np.array([1.0, 1000.0001])))
print(repr(np.array([0.0, 1e-300])))
print(repr(np.array([-0.5, 1e8 - 1])))
print(repr(np.array([2.0**52, 1.0])))
