# Generator normals (ziggurat), printed at NumPy's array precision.
import numpy as np
g = np.random.default_rng(2025)
print(g.standard_normal(6))
print(g.normal(5.0, 2.0, size=(3, 3)))
x = g.standard_normal(100000)
print(np.round(x[:5], 6))
print(round(float(x.mean()), 6), round(float(x.std()), 6) if hasattr(x, "std") else "", x.max() > 3.5, x.min() < -3.5)
print((x > 0).sum(), (np.abs(x) > 3.6541528853610088).sum())
