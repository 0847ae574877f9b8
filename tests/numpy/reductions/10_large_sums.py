import numpy as np
a = np.arange(100000) / 7.0
print(repr(a.sum()), repr(a.mean()), repr(a[::7].sum()), repr((a * a).sum()))
print(repr(np.arange(100000).sum()), repr(np.arange(100000).mean()), repr((np.arange(30000) * 1.1).reshape(300, 100).sum(axis=1)[:5]))
