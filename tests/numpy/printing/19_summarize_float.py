import numpy as np
print(repr(np.linspace(0, 1, 1001)))
print(repr(np.arange(1200).reshape(3, 400) / 3))
print(np.arange(5000).reshape(50, 100))
print(repr(np.ones(1001, dtype=bool)))
