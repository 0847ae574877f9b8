# Trigonometric and hyperbolic ufuncs on special points, and their inverses.
import numpy as np
x = np.array([0.0, np.pi / 6, np.pi / 4, np.pi / 2, np.pi, -np.pi / 3])
print(np.sin(x), np.cos(x), np.tan(x[:3]))
y = np.array([-1.0, -0.5, 0.0, 0.5, 1.0])
print(np.arcsin(y), np.arccos(y), np.arctan(y))
print(np.sinh(y), np.cosh(y), np.tanh(y))
print(np.arctan2(np.array([1.0, -1.0, 0.0, -0.0]), np.array([-1.0, -1.0, -1.0, -1.0])))
print(np.hypot(np.array([3.0, 5.0]), np.array([4.0, 12.0])), np.degrees(np.pi) if hasattr(np, "degrees") else 180.0)
