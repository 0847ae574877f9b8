# printoptions as a context manager: nested, restored after exceptions, values it returns.
import numpy as np
x = np.array([1.23456789, 100.5, 1e-4])
print(x)
with np.printoptions(precision=3) as opts:
    print(x, opts["precision"])
    with np.printoptions(suppress=True):
        print(x, np.array([1e-12, 5.0]))
    print(np.array([1e-12, 5.0]))
print(x)
try:
    with np.printoptions(precision=2):
        print(np.array([2.0 / 3]))
        raise KeyError("boom")
except KeyError as e:
    print("caught", e)
print(np.array([2.0 / 3]))
with np.printoptions(threshold=4, edgeitems=1):
    print(np.arange(10), repr(np.arange(5.0)))
    print(np.arange(12).reshape(3, 4))
with np.printoptions(linewidth=20):
    print(np.arange(12))
    print(repr(np.arange(8.0)))
print(np.get_printoptions()["linewidth"], np.get_printoptions()["threshold"])
