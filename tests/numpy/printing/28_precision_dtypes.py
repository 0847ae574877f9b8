# set_printoptions precision/suppress applied to float32, float64, complex arrays and 0-d arrays.
import numpy as np
arrs = [np.array([1 / 3, 2 / 3, 1e-6], dtype=np.float32), np.array([np.pi, -np.e, 1e5]),
        np.array([1 / 3 + 2j / 3, -1e-7j]), np.array(np.pi), np.array([[1e-9, 1.0], [2.5, 1e3]])]
for prec in (1, 3, 6):
    np.set_printoptions(precision=prec)
    for a in arrs:
        print(prec, repr(a))
np.set_printoptions(precision=4, suppress=True)
for a in arrs:
    print("s", a)
np.set_printoptions(precision=8, suppress=False)
print(repr(arrs[1]), np.float64(np.pi), repr(np.float32(1 / 3)))
