import numpy as np
a = np.arange(24).reshape(2, 3, 4)
print(a.sum(axis=0))
print(a.sum(axis=1))
print(a.sum(axis=2))
print(a.sum(axis=(0, 2)), a.max(axis=(1, 2)), a.min(axis=-2))
print(a.T.sum(axis=0))
print(a[:, ::-1, ::2].sum(axis=1))
