import numpy as np
a = np.arange(10)
m = a % 3 == 0
print(repr(m.sum()), repr(m.any()), repr(m.all()), repr(m.max()), m.argmax(), repr(m.mean()))
print(repr((a > 4).sum(axis=0)), np.count_nonzero if False else '')
