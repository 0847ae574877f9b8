import numpy as np
print(repr(np.arange(24).reshape(2, 3, 4)))
print(np.arange(24).reshape(2, 3, 4))
print(repr(np.arange(6).reshape(3, 2) / 4))
print(repr(np.zeros((2, 0))), repr(np.zeros((0, 3), dtype=int)))
print(repr(np.ones((1, 1, 1))))
print(repr(np.arange(60).reshape(3, 20)))
