import numpy as np
print(repr(np.arange(40)))
print(np.arange(40))
print(repr(np.arange(30) * 1.5))
print(np.arange(30) / 7)
print(repr(np.arange(25, dtype=np.int8)))
print(repr(np.linspace(0, 1, 30)))
