import numpy as np
import math
x = np.float64(0.1)
print(repr(x * 3), repr(x + 0.2), repr(math.sqrt(x)), repr(round(float(x), 3)), f"{x:.3f}", f"{x}")
y = np.float64(-2.5)
print(repr(abs(y)), repr(y // 2), repr(y % 2), repr(y ** 2), int(y), math.floor(y))
print(repr(np.float64(1) / np.float64(0)) if False else repr(np.float64(7) / 2))
