import numpy as np
print(repr(np.linspace(0, 1, 2)), repr(np.linspace(5, 5, 3)), repr(np.linspace(0, -3, 4)))
y, step = np.linspace(0, 2, 5, retstep=True)
print(repr(y), repr(step))
print(repr(np.linspace(0, 1, 0)), repr(np.linspace(1, 10, 10, dtype=int)))
print(repr(np.linspace(0.1, 0.9, 9)))
