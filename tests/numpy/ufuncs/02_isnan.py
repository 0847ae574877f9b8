import numpy as np
x = np.array([1.0, np.nan, np.inf, -np.inf, 0.0])
print(np.isnan(x), np.isinf(x), np.isfinite(x))
print(np.isnan(np.array([1, 2])), np.isfinite(np.array([1, 2])))
print(np.sqrt(np.array([-1.0, 4.0])) if False else np.isnan(np.array([np.nan])))
