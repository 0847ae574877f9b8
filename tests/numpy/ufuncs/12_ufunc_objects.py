# ufunc objects: names, arity, reduce along axes, calling with scalars and lists.
import numpy as np
print(np.add.__name__, np.sqrt.__name__, np.add.nin, np.add.nout, np.sqrt.nin)
m = np.arange(1, 7).reshape(2, 3)
print(np.add.reduce(m), np.add.reduce(m, axis=1), np.multiply.reduce(m, axis=0), np.maximum.reduce(m, axis=1))
print(np.add(1, 2), np.multiply([1, 2], 3), np.maximum(np.array([1, 5]), [3, 2]), type(np.add(1.5, 2)).__name__)
print(np.logical_and([True, False], True), np.logical_or.reduce(np.array([False, False, True])), np.logical_and.reduce(np.array([[True, False], [True, True]]), axis=1))
print(repr(np.add), repr(np.sqrt))
