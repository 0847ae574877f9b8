import numpy as np
a = np.arange(10)
print(a[::-1][::-1], a[-1:-11:-1], a[-2::-3], a[:-11:-4], a[7:-12:-2], a[100:], a[-100:2])
m = np.arange(20).reshape(4, 5)
print(m[::-2, ::-2], m[-1:0:-1, 3:0:-2])
r = m[::-1, ::-1]
print(r.strides, r.sum(axis=0), r.max(axis=1), r.ravel())
