# norm of residuals and of rows/columns (axis=, keepdims=) around solve/inv on rounded output.
import numpy as np
a = np.array([[4.0, 1.0, 2.0], [1.0, 5.0, 3.0], [2.0, 3.0, 6.0]])
b = np.array([1.0, 2.0, 3.0])
x = np.linalg.solve(a, b)
print(np.round(x, 8), np.linalg.norm(a @ x - b) < 1e-12)
print(np.round(np.linalg.norm(a, axis=0), 8), np.round(np.linalg.norm(a, axis=1, keepdims=True), 8))
print(np.round(np.linalg.norm(a, ord=1), 8), np.round(np.linalg.norm(a, ord=np.inf), 8), np.round(np.linalg.norm(a, "fro"), 8))
print(np.round(np.linalg.norm(np.linalg.inv(a), ord=1) * np.linalg.norm(a, ord=1), 6))
v = np.array([[3.0, 4.0], [-6.0, 8.0]])
print(np.linalg.norm(v, axis=1), np.linalg.norm(v, ord=1, axis=1), np.linalg.norm(v, ord=np.inf, axis=0), np.linalg.norm(v, ord=-np.inf, axis=1))
print(np.linalg.norm(np.arange(5)), repr(np.linalg.norm(np.array([1, 1, 1, 1], dtype=np.int8))), np.linalg.norm(np.zeros(3)))
print(np.linalg.norm(v.T, axis=(0, 1)), np.linalg.norm(np.arange(8.0).reshape(2, 2, 2), axis=2))
