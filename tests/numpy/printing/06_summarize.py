import numpy as np
print(repr(np.arange(1001)))
print(np.arange(2000))
print(repr(np.arange(3000).reshape(30, 100)))
print(np.arange(2000) * 0.5)
print(repr(np.zeros(1500, dtype=np.int8)))
print(np.arange(1000))
