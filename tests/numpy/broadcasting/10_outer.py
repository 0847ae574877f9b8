import numpy as np
x = np.arange(1, 6)
print(x[:, None] * x[None, :])
print(x[:, np.newaxis] + x)
print((x[:, None] > x).astype(int))
