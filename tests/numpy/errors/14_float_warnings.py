# Floating-point errors warn as NumPy's do (stderr: file, line, RuntimeWarning, the line),
# once per line; errstate and seterr silence them or make them raise.
import numpy as np
a = np.array([1.0, 0.0, -1.0])
print(a / 0)
print(np.log(a))
for _ in range(3):
    print(np.sqrt(np.array([-4.0, 4.0])))
with np.errstate(divide="ignore", invalid="ignore"):
    print(a / 0, np.log(a))
old = np.seterr(all="raise")
print(sorted(old.items()))
try:
    a / 0
except FloatingPointError as e:
    print("FloatingPointError", e)
try:
    np.exp(np.array([1000.0]))
except FloatingPointError as e:
    print("FloatingPointError", e)
np.seterr(**old)
print(np.array([1e308]) * 10, np.array([1e308]).sum() * 2)
print(np.array([7, 0]) // np.array([0, 0]), np.array([7, 3]) % np.array([0, 2]))
x = np.float64(1.0)
print(x / 0)
b = np.ones(2)
b /= 0
print(b)
print(np.array([np.inf]) - np.array([np.inf]))
