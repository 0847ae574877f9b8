import numpy as np
a = np.arange(12).reshape(3, 4)
print(repr(a.sum()), a.sum(axis=0), a.sum(axis=1), a.sum(axis=-1), a.sum(axis=(0, 1)))
print(a.sum(axis=0, keepdims=True), a.sum(keepdims=True), np.sum(a, axis=1, keepdims=True).shape)
print(repr(a.prod()), (a + 1).prod(axis=0), np.prod(np.array([1.5, 2.0])))
f = np.arange(100) / 7
print(repr(f.sum()), repr(np.sum(f[::3])))
print(repr(np.array([True, True, False]).sum()), np.array([1, 2], dtype=np.int8).sum().dtype)
print(repr(np.arange(1000) * 0.1).__len__() > 0, repr((np.arange(1000) * 0.1).sum()))
