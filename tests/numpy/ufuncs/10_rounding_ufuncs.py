# floor, ceil, trunc, rint (ties to even) on floats, negative values and ints.
import numpy as np
x = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.4999, -0.0, 3.7])
print(np.floor(x), np.ceil(x), np.trunc(x), np.rint(x))
print(np.floor(np.arange(-3, 3)), np.floor(np.arange(-3, 3)).dtype, np.rint(np.float32(2.5)))
print(np.round(np.array([0.125, 0.375, 2.675]), 2), np.around(np.array([1250.0, -1350.0]), -2))
