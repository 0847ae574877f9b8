import numpy as np
m = np.arange(6).reshape(2, 3)
print(np.stack([m, m]).shape, np.stack([m, m], axis=1).shape, np.stack([m, m], axis=-1).shape)
print(repr(np.stack([m, m + 10], axis=2)))
print(repr(np.concatenate([m, m], axis=-1)), repr(np.concatenate([m.ravel(), m.ravel()], axis=None)))
print(repr(np.vstack([np.arange(3), np.arange(3.0)])), repr(np.hstack([np.array([1]), np.array([2.5, 3])])))
print(repr(np.concatenate([np.array([1], dtype=np.int8), np.array([2], dtype=np.uint8)])))
