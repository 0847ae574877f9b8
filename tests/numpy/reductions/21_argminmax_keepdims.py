# argmin/argmax with axis and keepdims, ties, negative zeros, nan and inf, on strided views.
import numpy as np
a = np.array([[[3, 1, 4], [1, 5, 9]], [[2, 6, 5], [3, 5, 8]]])
for ax in (None, 0, 1, 2, -2):
    print(ax, repr(np.argmax(a, axis=ax, keepdims=True)), np.argmin(a, axis=ax, keepdims=True).shape)
print(a.argmax(axis=2, keepdims=True).tolist(), a.argmin(keepdims=True).tolist())
f = np.array([0.0, -0.0, 0.0, -np.inf, np.inf, np.inf])
print(f.argmax(), f.argmin(), f[:3].argmin(), f[:3].argmax())
g = np.array([[1.0, np.nan, 3.0], [np.inf, 2.0, np.nan], [0.5, 0.5, 0.5]])
print(np.argmax(g, axis=1), np.argmin(g, axis=1), np.argmax(g, axis=0), np.argmin(g))
v = np.arange(30)[::-3].reshape(2, 5)
print(v, v.argmax(axis=1), v.T.argmin(axis=0), np.argmax(v[:, ::2]))
b = np.array([False, True, True, False])
print(np.argmax(b), np.argmin(b), np.argmax(np.zeros(4, bool)))
u = np.array([200, 255, 3, 255], dtype=np.uint8)
print(u.argmax(), u.argmin(), np.argmax(u.astype(np.int8)))
