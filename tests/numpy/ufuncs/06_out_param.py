import numpy as np
a = np.arange(6.0).reshape(2, 3)
out = np.empty((2, 3))
np.multiply(a, 2, out=out)
print(out)
np.sqrt(a, out=out)
print(out)
v = out[0]
np.add(v, 100, out=v)
print(out)
