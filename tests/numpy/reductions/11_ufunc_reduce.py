import numpy as np
a = np.arange(1, 7).reshape(2, 3)
print(np.add.reduce(a), np.multiply.reduce(a, axis=1), np.maximum.reduce(a, axis=None), np.minimum.reduce(a))
print(np.logical_and.reduce(np.array([True, False])), np.logical_or.reduce(np.array([True, False])))
