import numpy as np
a = np.arange(12).reshape(3, 4)
w = np.array([0.5, 1.0, 1.5, 2.0])
print(a * w)
print(a / w)
print(a // w)
print(a % w)
print(a ** np.array([0, 1, 2, 3]))
