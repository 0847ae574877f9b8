# Kernels as Numba users write them: k-means steps, a Jacobi stencil, pairwise
# distances, a prange reduction, njit functions passing arrays to each other.
import numpy as np
from numba import njit, prange


@njit
def assign(X, C, labels):
    n, d = X.shape
    k = C.shape[0]
    for i in range(n):
        best = 0
        bestd = 1e300
        for c in range(k):
            s = 0.0
            for t in range(d):
                diff = X[i, t] - C[c, t]
                s += diff * diff
            if s < bestd:
                bestd = s
                best = c
        labels[i] = best


@njit
def update(X, labels, k):
    n, d = X.shape
    C = np.zeros((k, d))
    counts = np.zeros(k, dtype=np.int64)
    for i in range(n):
        counts[labels[i]] += 1
        for t in range(d):
            C[labels[i], t] += X[i, t]
    for c in range(k):
        if counts[c] > 0:
            C[c] /= counts[c]
    return C


@njit
def step(u, v):
    n, m = u.shape
    for i in range(1, n - 1):
        for j in range(1, m - 1):
            v[i, j] = u[i, j] + 0.2 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - 4.0 * u[i, j])


@njit
def dist(X, i, j):
    d = 0.0
    for t in range(X.shape[1]):
        tmp = X[i, t] - X[j, t]
        d += tmp * tmp
    return np.sqrt(d)


@njit
def pairwise(X):
    m = X.shape[0]
    D = np.empty((m, m), dtype=np.float64)
    for i in range(m):
        for j in range(m):
            D[i, j] = dist(X, i, j)
    return D


@njit(parallel=True)
def sum_of_logs(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += np.log1p(a[i] * a[i])
    return s


X = np.array([[0.0, 0.1], [0.2, 0.0], [5.0, 5.1], [5.2, 4.9], [-3.0, 2.0], [-3.1, 2.2], [0.1, 0.3]])
C = X[:3].copy()
labels = np.zeros(X.shape[0], dtype=np.int64)
for _ in range(4):
    assign(X, C, labels)
    C = update(X, labels, 3)
print(labels)
print(np.round(C, 6))
n = 12
u = np.zeros((n, n))
u[4:8, 4:8] = 100.0
v = u.copy()
for _ in range(20):
    step(u, v)
    u, v = v, u
print("%.6f %.6f %.6f" % (u.sum(), u.max(), u[2, 6]))
D = pairwise(X)
print(D.shape, "%.6f" % D.sum(), "%.6f" % D.max())
print(np.round(D[:3, :3], 6))
a = np.arange(1000, dtype=np.float64) / 1000.0
print("%.9f" % sum_of_logs(a))
