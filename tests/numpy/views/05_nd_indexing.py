import numpy as np
a = np.arange(24).reshape(2, 3, 4)
print(a[1])
print(a[1, 2])
print(a[1, 2, 3], repr(a[1, 2, 3]))
print(a[:, 1])
print(a[:, :, 0])
print(a[-1, -1, -1], a[0][1][2])
print(a[..., -1])
print(len(a), len(a[0]))
for row in a[0]:
    print(row)
