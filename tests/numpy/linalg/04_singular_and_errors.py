# LinAlgError for singular matrices in solve and inv; shape errors for non-square and 1-d input.
import numpy as np
mats = [np.array([[1.0, 2.0], [2.0, 4.0]]), np.zeros((2, 2)), np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]) * 0 + np.array([1.0, 1.0, 1.0])]
for m in mats:
    for f in (lambda: np.linalg.solve(m, np.ones(m.shape[0])), lambda: np.linalg.inv(m)):
        try:
            f()
            print("no error")
        except np.linalg.LinAlgError as e:
            print("LinAlgError:", e)
for f in (lambda: np.linalg.det(np.ones((2, 3))), lambda: np.linalg.solve(np.ones((3, 2)), np.ones(3)),
          lambda: np.linalg.det(np.ones(4)), lambda: np.linalg.slogdet(np.ones((1, 2)))):
    try:
        f()
    except np.linalg.LinAlgError as e:
        print("LinAlgError:", e)
try:
    np.linalg.solve(np.eye(3), np.ones((2, 2)))
except ValueError as e:
    print(type(e).__name__, e)
print(np.linalg.LinAlgError.__mro__[1].__name__, issubclass(np.linalg.LinAlgError, Exception))
print(np.linalg.det(np.zeros((0, 0))), np.linalg.inv(np.zeros((0, 0))).shape)
