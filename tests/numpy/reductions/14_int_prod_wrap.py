import numpy as np
a = np.arange(1, 30)
print(repr(a.prod()), repr(np.arange(1, 10, dtype=np.int8).prod()), repr(np.array([2**62, 4]).sum()))
print(repr(np.array([255, 1], dtype=np.uint8).sum()), repr(np.array([-5, 3], dtype=np.int16).min()))
