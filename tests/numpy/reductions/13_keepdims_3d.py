import numpy as np
a = np.arange(24.0).reshape(2, 3, 4)
print(a.sum(axis=1, keepdims=True))
print(a.mean(axis=(0, 2), keepdims=True))
print(a.max(axis=0, keepdims=True).shape, a.min(keepdims=True).shape, a.any(axis=2, keepdims=True).shape)
print(np.argmax(a, axis=2), np.argmin(a[:, ::-1], axis=1))
print(repr(a.argmax(keepdims=True)) if False else a.argmax())
