# An uncaught LinAlgError for a singular matrix ends the program with NumPy's traceback line.
import numpy as np
a = np.array([[2.0, 1.0], [1.0, 3.0]])
print(np.round(np.linalg.inv(a), 6))
print(np.round(np.linalg.solve(a, [1.0, 1.0]), 6))
np.linalg.solve(np.array([[1.0, 2.0], [0.5, 1.0]]), [1.0, 1.0])
print("not reached")
