# solve with a matrix of right-hand sides, inv of permutation/triangular/diagonal matrices, det of products.
import numpy as np
a = np.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
b = np.array([[1.0, 0.0], [2.0, 1.0], [3.0, -1.0]])
x = np.linalg.solve(a, b)
print(np.round(x, 8), x.shape, np.allclose(a @ x, b))
p = np.eye(4)[[2, 0, 3, 1]]
print(np.linalg.inv(p), np.round(np.linalg.det(p), 12))
t = np.array([[1.0, 2.0, 3.0], [0.0, 4.0, 5.0], [0.0, 0.0, 6.0]])
print(np.round(np.linalg.inv(t), 8), np.round(np.linalg.det(t), 8))
d = np.diag([2.0, -4.0, 0.5])
print(np.linalg.inv(d) + 0.0, np.round(np.linalg.det(d), 10), np.linalg.solve(d, np.ones(3)))
q = np.array([[1, 2], [3, 5]])
r = np.array([[0, 1], [1, 1]])
print(np.round(np.linalg.det(q @ r), 8), np.round(np.linalg.det(q) * np.linalg.det(r), 8))
print(np.linalg.solve(np.array([[3]]), np.array([6])), np.linalg.inv(np.array([[4.0]])), repr(np.linalg.det(np.array([[-2.5]]))))
h = np.array([[1.0 / (i + j + 1) for j in range(4)] for i in range(4)])
print(np.round(np.linalg.inv(h)), "%.6e" % np.linalg.det(h))
print(np.linalg.solve(a, np.arange(3)).dtype, np.linalg.inv(np.eye(2, dtype=np.int8)).dtype)
