# np.clip writes into out= and returns it.
import numpy as np

o = np.zeros(3)
r = np.clip(np.array([-2.0, 0.5, 3.0]), 0, 1, out=o)
print(r is o, o)
x = np.arange(5)
np.clip(x, 1, 3, out=x)
print(x)
m = np.arange(6.0).reshape(2, 3)
print(np.clip(m, 1.5, 4, out=m[::-1]) is not None, m)
