# set_printoptions (precision, suppress, threshold, linewidth, edgeitems) and printoptions.
import numpy as np
x = np.array([1.123456789, 2.5e-6, 3.0])
print(x)
np.set_printoptions(precision=3)
print(x, np.array([1 / 3, 2 / 3]))
np.set_printoptions(suppress=True)
print(x, np.array([1e-10, 1.0]))
np.set_printoptions(precision=8, suppress=False)
np.set_printoptions(threshold=5, edgeitems=2)
print(np.arange(10), np.arange(20).reshape(4, 5))
np.set_printoptions(threshold=1000, edgeitems=3, linewidth=40)
print(np.arange(30))
np.set_printoptions(linewidth=75)
with np.printoptions(precision=2):
    print(np.array([3.14159, 2.71828]))
print(np.array([3.14159, 2.71828]), np.get_printoptions()["precision"])
with np.errstate(divide="ignore", invalid="ignore"):
    print(np.array([1.0, 0.0]) / np.array([1.0, 2.0]))
print(np.geterr()["divide"])
