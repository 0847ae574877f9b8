import numpy as np
print(repr(np.array([np.nan])), repr(np.array([np.inf])), repr(np.array([-np.inf])))
print(repr(np.array([1.5, np.nan, -np.inf])))
print(repr(np.array([1e-7, np.nan])))
print(np.array([np.nan, 1.0]))
print(repr(np.array([np.inf, 100.25])))
