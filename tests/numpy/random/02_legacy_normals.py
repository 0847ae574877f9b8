# Legacy normals: the polar method keeps the second value of each pair for the next call.
import numpy as np
np.random.seed(12345)
print(repr(np.random.randn()))
print(repr(np.random.randn()))
print(np.random.randn(3, 2))
print(repr(np.random.normal()))
print(np.random.normal(10.0, 0.5, size=5))
print(np.random.standard_normal(4))
x = np.random.randn(10001)
print(repr(float(x.sum())), repr(float(x[-1])), repr(float(x.max())))
try:
    np.random.normal(0, -1)
except ValueError as e:
    print("ValueError", e)
