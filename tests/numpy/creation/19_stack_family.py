# vstack/hstack/column_stack/stack/concatenate on 1-d, 2-d and 0-d inputs with dtype promotion.
import numpy as np
a = np.array([1, 2, 3], dtype=np.int8)
b = np.array([4.5, 5.5, 6.5], dtype=np.float32)
c = np.array([True, False, True])
print(repr(np.vstack([a, b, c])), repr(np.hstack([a, c])), repr(np.column_stack([a, b])))
print(repr(np.column_stack([np.arange(4).reshape(2, 2), np.array([9, 8])])))
print(repr(np.stack([a, a], axis=-1)), repr(np.stack([np.int64(1), np.int64(2)])), repr(np.stack([c, c], 1)))
print(repr(np.concatenate([np.zeros((0, 2)), np.ones((1, 2))])), repr(np.concatenate([a, a.astype(np.uint8)])))
print(repr(np.concatenate([np.arange(4).reshape(2, 2), np.arange(2).reshape(2, 1)], axis=1)))
print(repr(np.concatenate([np.arange(4).reshape(2, 2), np.arange(4).reshape(2, 2).T], axis=None)))
print(repr(np.hstack([np.array([1]), np.array([2, 3])])))
print(repr(np.vstack([np.array([[1, 2]]), [3, 4], (5, 6)])), repr(np.hstack(([1], [2.0]))))
print(repr(np.concatenate([np.array([1, 2], dtype=np.uint64), np.array([3], dtype=np.int64)])))
print(repr(np.concatenate([np.array([1j]), np.array([2])])), np.concatenate([np.zeros((2, 0))] * 3, axis=1).shape)
for bad in ([a, np.ones(2)], []):
    try:
        np.vstack(bad)
    except ValueError as e:
        print("ValueError:", e)
