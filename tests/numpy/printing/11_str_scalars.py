import numpy as np
for v in [0.1, 1.5, 1e16, 1e-5, 123456789.123, -0.0, 2.0**60, 1 / 3]:
    x = np.float64(v)
    print(str(x), repr(x), np.array([v]))
for v in [0.1, 1.5, 16777216.0, 1e-5, 3.4e38, 123456.0, 1e7]:
    x = np.float32(v)
    print(str(x), repr(x))
