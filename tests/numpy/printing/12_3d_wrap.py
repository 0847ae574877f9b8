import numpy as np
print(repr(np.arange(60).reshape(2, 2, 15) * 1.5))
print(np.arange(80).reshape(2, 2, 20))
print(repr(np.arange(2000).reshape(2, 1000)))
print(repr(np.arange(2000).reshape(1000, 2)))
