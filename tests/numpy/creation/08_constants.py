import numpy as np
print(np.pi, np.e, np.inf, np.nan, np.newaxis)
print(repr(np.array([np.pi, np.e])))
print(repr(np.array([np.inf, -np.inf, np.nan])))
print(repr(np.array([1.0, np.nan, 3.0])))
