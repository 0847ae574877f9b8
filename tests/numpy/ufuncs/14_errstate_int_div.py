# Integer division and remainder by zero give 0 and warn (or not) per errstate; floats give inf/nan.
import numpy as np
a = np.array([5, -5, 0, 7], dtype=np.int64)
z = np.array([0, 0, 0, 2])
with np.errstate(divide="ignore", invalid="ignore"):
    print(a // z, a % z, np.floor_divide(a, 0), np.remainder(a, 0))
    print(np.array([5, 0], dtype=np.int8) // np.int8(0), np.array([5], dtype=np.uint16) % 0)
    print(a / z, np.array([0.0, -1.0, 1.0]) / 0.0, np.array([-0.0]) / np.array([-1.0]))
    print(np.remainder(np.array([1.0, -1.0]), 0.0), np.remainder(np.array([-7, 7]), np.array([0, -3])))
with np.errstate(all="raise"):
    for f in (lambda: a // z, lambda: a % 0, lambda: np.array([1.0]) / 0.0, lambda: np.log(np.array([0.0]))):
        try:
            f()
            print("no error")
        except FloatingPointError as e:
            print("FloatingPointError:", e)
with np.errstate(divide="raise", invalid="ignore"):
    try:
        print(np.array([0.0]) / 0.0)
        print(np.array([1.0]) / 0.0)
    except FloatingPointError as e:
        print("FloatingPointError:", e)
print(np.geterr())
print(np.array([-2**63]) % -1, np.array([-128], dtype=np.int8) % np.int8(-1))
