import numpy as np
print(repr(np.arange(0.5, 3)), repr(np.arange(1, 2, 0.1)), repr(np.arange(-1, 1, 0.5)))
print(repr(np.arange(3, dtype=np.int8)), repr(np.arange(2.0, dtype=int)) if False else repr(np.arange(4, 0, -1)))
print(repr(np.arange(0, 5, 2.5)), len(np.arange(0, 1, 1 / 3)))
