import numpy as np
print(repr(np.array([1.123456789, 2.0])))
print(repr(np.array([0.999999999, 1.5])))
print(repr(np.array([1.000000004])))
print(repr(np.array([3.14159265358979, 2.718281828459045])))
print(repr(np.array([1e-4, 1.0])), repr(np.array([9.999e-5, 1.0])))
print(repr(np.array([5e-324, 1.0])), repr(np.array([1.7976931348623157e308])))
print(np.array([100.0, 1e-3]))
