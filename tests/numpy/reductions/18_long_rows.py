# Long contiguous rows take the vector paths of sum, max, min and dot: remainders,
# NaN anywhere, signed zeros, and lengths around the block sizes.
import numpy as np
for n in (7, 8, 63, 64, 65, 127, 128, 129, 1000, 4099):
    a = np.arange(n) * 0.37 - n / 7
    b = np.cos(np.arange(n) * 0.1)
    print(n, repr(float(a.sum())), a.max(), a.min(), "%.10g" % np.dot(a, b), a.argmax(), a.argmin())
    a[n // 2] = np.nan
    print(a.max(), a.min(), a.sum())
    a[n // 2] = np.inf
    a[-1] = -np.inf
    print(a.max(), a.min())
m = np.arange(3000.0).reshape(3, 1000)
print(m.sum(axis=1), m.max(axis=1), m.min(axis=0)[:3], m[:, ::3].max(axis=1))
z = np.zeros(100)
z[50] = -0.0
print(z.max(), z.min(), np.array([-5.0] * 70).max())
