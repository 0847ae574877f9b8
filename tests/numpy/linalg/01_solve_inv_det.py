# solve, inv, det, slogdet: small matrices, integer input, singular ones and shape errors.
import numpy as np
a = np.array([[1.0, 2.0], [3.0, 4.0]])
print(np.linalg.det(a), repr(np.linalg.det(np.eye(3))), np.linalg.slogdet(a))
print(np.linalg.inv(a), np.linalg.solve(a, np.array([5.0, 6.0])))
m = np.array([[4, -2, 1], [3, 6, -4], [2, 1, 8]])
print(np.linalg.inv(m), np.linalg.solve(m, [12, -25, 32]), np.linalg.solve(m, np.eye(3)))
print(round(float(np.linalg.det(m)), 9), np.round(np.linalg.inv(m) @ m, 10))
rng = np.random.default_rng(3)
for n in (4, 7, 12):
    r = rng.standard_normal((n, n))
    x = np.linalg.solve(r, np.arange(n, dtype=float))
    print(n, np.round(x, 6), np.allclose(r @ x, np.arange(n)), np.allclose(np.linalg.inv(r) @ r, np.eye(n)))
    print("%.8e" % np.linalg.det(r), np.linalg.slogdet(r)[0])
for bad in (np.array([[1.0, 2.0], [2.0, 4.0]]), np.zeros((3, 3))):
    try:
        np.linalg.inv(bad)
    except np.linalg.LinAlgError as e:
        print(type(e).__name__, e, isinstance(e, ValueError))
    print(np.linalg.det(bad), np.linalg.slogdet(bad))
for args in ((np.ones((2, 3)),), (np.ones(3),)):
    try:
        np.linalg.inv(*args)
    except np.linalg.LinAlgError as e:
        print("LinAlgError", e)
try:
    np.linalg.solve(a, np.ones(3))
except ValueError as e:
    print("ValueError", e)
s = np.linalg.slogdet(np.array([[2.0, 1.0], [1.0, 3.0]]))
print(s.sign, s.logabsdet, s[0], len(s), isinstance(s, tuple))
sign, logabsdet = s
print(sign * np.exp(logabsdet))
