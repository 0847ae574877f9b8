import numpy as np
a = np.arange(20.0)
print(a[::2] + a[1::2], a[::-1] * a[::3][0], a[::3] - a[:7])
m = np.arange(16.0).reshape(4, 4)
print(m.T + m, m[::2].T * 2)
print(np.sqrt(m[:, ::2]), (m.T)[1:, :2] / 2)
