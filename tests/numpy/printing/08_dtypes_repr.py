import numpy as np
print(repr(np.array([1.5, 2.25], dtype=np.float32)))
print(repr(np.array([0.1, 0.2], dtype=np.float32)))
print(repr(np.arange(3, dtype=np.float32) / 3))
print(repr(np.array([1, 2], dtype=np.uint64)), repr(np.array([], dtype=np.int8)), repr(np.array([], dtype=bool)))
print(np.array([0.1, 0.2], dtype=np.float32))
print(repr(np.arange(30, dtype=np.int16)))
