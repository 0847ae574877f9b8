import numpy as np
a = np.array([[True, False], [True, True]])
print(repr(a.any()), repr(a.all()), a.any(axis=0), a.all(axis=0), a.all(axis=1), np.any(a, axis=1, keepdims=True))
print(np.array([0, 0, 1]).any(), np.array([1.5, 0.0]).all(), np.all(np.array([])), np.any(np.array([])))
