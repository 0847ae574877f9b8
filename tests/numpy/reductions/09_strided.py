import numpy as np
a = np.arange(100) * 0.37
print(repr(a[::3].sum()), repr(a[::-1].sum()), repr(a.reshape(10, 10).T.sum()), repr(a.reshape(10, 10)[::2, 1::3].sum()))
print(a.reshape(10, 10).sum(axis=0))
print(a.reshape(10, 10).sum(axis=1))
print(a.reshape(4, 25).T.sum(axis=1))
print(repr(a.reshape(20, 5).max(axis=0)), repr(a.reshape(5, 20).min()))
