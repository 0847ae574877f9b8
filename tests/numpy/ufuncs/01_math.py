import numpy as np
x = np.array([0.25, 1.0, 4.0, 9.0])
print(np.sqrt(x), np.exp(x), np.log(x))
print(np.sin(x), np.cos(x), np.tan(x))
y = np.array([-1.5, -0.5, 0.5, 1.5, 2.5])
print(np.floor(y), np.ceil(y), np.abs(y), np.absolute(y), np.trunc(y), np.rint(y), np.sign(y))
print(np.sqrt(np.array([1, 4, 9])), np.exp(np.array([0, 1])))
print(np.log2(np.array([1.0, 8.0])), np.log10(np.array([10.0, 1000.0])), np.arctan(np.array([1.0])))
