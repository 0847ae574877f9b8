import numpy as np
i = np.array([1, 2, 3])
f = np.array([0.5, 1.5, 2.5])
print((i + f).dtype, (i * 2).dtype, (i * 2.0).dtype, (i / 1).dtype, (i // 2).dtype)
print((f + 1).dtype, (i + True).dtype, (np.array([True]) + 1).dtype, (np.array([True]) + 1.0).dtype)
print((i + 1j).dtype if False else 'skip')
