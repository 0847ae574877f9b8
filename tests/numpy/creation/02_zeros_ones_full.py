import numpy as np
print(repr(np.zeros(3)))
print(repr(np.zeros((2, 3))))
print(repr(np.ones((2, 2), dtype=int)))
print(repr(np.full((2, 3), 7)))
print(repr(np.full(4, 2.5)))
print(repr(np.zeros(3, dtype=np.int8)))
print(repr(np.ones(2, dtype=bool)))
print(np.empty((2, 2)).shape)
