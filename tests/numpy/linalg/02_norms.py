# norm of vectors and matrices: default, ord=1/2/inf/-inf/0/p, 'fro', axis and keepdims.
import numpy as np
v = np.array([3.0, -4.0, 0.0, 12.0])
print(np.linalg.norm(v), np.linalg.norm(v, 1), np.linalg.norm(v, np.inf), np.linalg.norm(v, -np.inf), np.linalg.norm(v, 0), np.linalg.norm(v, 3))
m = np.arange(-4, 8).reshape(3, 4)
print(np.linalg.norm(m), np.linalg.norm(m, "fro"), np.linalg.norm(m, 1), np.linalg.norm(m, np.inf), np.linalg.norm(m, -1), np.linalg.norm(m, -np.inf))
print(np.linalg.norm(m, axis=0), np.linalg.norm(m, axis=1), np.linalg.norm(m, ord=1, axis=1), np.linalg.norm(m, axis=1, keepdims=True))
print(np.linalg.norm(m, keepdims=True), np.linalg.norm([[1, 2], [3, 4]], axis=(1, 0)), repr(np.linalg.norm([3, 4])))
try:
    np.linalg.norm(v, "fro")
except ValueError as e:
    print("ValueError", e)
