# One integer array or boolean mask inside a tuple index, among ints, slices, ... and None.
import numpy as np
a = np.arange(24).reshape(2, 3, 4)
print(a[:, [0, 2]], a[0, [1, 2]], a[1, :, [3, 0]], a[..., [1]], a[[1], 1:, ::2])
print(a[:, np.array([[0, 1], [2, 2]])].shape, a[0, :, np.array([True, False, True, False])])
print(a[None, 1, [0, 2]], a[:, [-1]], a[..., [0, 3]].shape, a[1, ..., [2, 2]])
m = np.arange(12.0).reshape(3, 4)
print(m[:, [0, 3]], m[[2, 0], 1:3], m[1, [True, False, True, True]], m[:, []].shape)
for key in ((slice(None), [4]), (0, [True, False])):
    try:
        m[key]
    except IndexError as e:
        print("IndexError", e)
print(a[[0, 1], :, 0], a[:, 1, [0, 1]], a[:, [2], 1], a[np.int64(1), [0, 1]], a[0, None, [1, 2]].shape)
v = a[:, ::-1, 1:]
print(v[1, [0, 2]], v[:, [1], [2]].shape if False else v[..., [0]].shape, a.T[[0, 3], 1])
