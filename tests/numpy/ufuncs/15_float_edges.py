# Ufuncs on nan, +-inf and -0.0: signs, comparisons, min/max propagation, floor/ceil/sign/copysign.
import numpy as np
x = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1.5, -2.5])
print(np.sign(x[[0, 1, 2, 4, 5, 6]]), np.floor(x), np.ceil(x), np.trunc(x), np.rint(x))
print(np.negative(x), np.absolute(x), np.square(x))
print(np.copysign(1.0, x), np.copysign(x, -1.0))
y = x[[0, 1, 2, 5, 6]]
print(np.maximum(y, 0.0), np.minimum(y, 0.0), np.fmax(y, 0.0), np.fmin(y, 0.0))
print(x == x, x != x, x < np.inf, x >= -np.inf)
print(np.isnan(x), np.isinf(x), np.isfinite(x))
print(repr(np.float64(-0.0)), repr(-np.float64(0.0)), np.array([-0.0]) * 0)
with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
    print(np.inf - np.array([np.inf]), np.array([np.inf]) * 0, np.sqrt(np.array([-0.0, -1.0])))
    print(np.log(np.array([0.0, -0.0, np.inf])), np.exp(np.array([-np.inf, np.inf, 710.0])))
    print(np.arctan2(np.array([0.0, -0.0, 0.0, -0.0]), np.array([0.0, 0.0, -0.0, -0.0])))
    print(np.hypot(np.inf, np.nan), np.power(np.array([0.0, -0.0]), -1.0), np.power(np.nan, 0.0))
    print(np.array([1e308]) + 1e308, np.array([-1e308]) * 10, np.array([5e-324]) / 2)
