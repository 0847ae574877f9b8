import numpy as np
a = np.arange(10) * 10
i = np.int64(3)
print(a[i], a[np.int8(-1)], a[np.uint8(2)], a[i:], a[:np.int32(2)])
m = a.reshape(2, 5)
print(m[np.int64(1), i], m[1][np.int64(4)])
