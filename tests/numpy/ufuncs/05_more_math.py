import numpy as np
x = np.array([0.0, 0.5, 1.0])
print(np.arcsin(x), np.arccos(x), np.sinh(x), np.cosh(x), np.tanh(x))
print(np.log1p(x), np.expm1(x), np.square(x), np.negative(x), np.positive(x))
print(np.copysign(np.array([1.0, 2.0]), np.array([-1.0, 1.0])), np.logical_not(np.array([0, 1])))
print(np.logical_and(np.array([1, 0]), np.array([1, 1])), np.logical_or(np.array([0, 0]), np.array([0, 2])), np.logical_xor(np.array([True]), np.array([True])))
print(np.sqrt(np.arange(10.0)).dtype, np.exp(np.array([1], dtype=np.int16)).dtype)
