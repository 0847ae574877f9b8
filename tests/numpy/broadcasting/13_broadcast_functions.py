# where, clip, maximum and isclose broadcast their operands as ufuncs do.
import numpy as np
col = np.arange(3).reshape(3, 1)
row = np.arange(4)
print(np.where(col > row, col, row), np.maximum(col, row * 0.5), np.clip(col * row, 1, 4))
print(np.isclose(col * 1.0, row * 1.0), np.broadcast_shapes((3, 1), (4,), (1, 1)))
try:
    np.where(np.ones((2, 3)) > 0, np.ones(4), 0)
except ValueError as e:
    print("ValueError", e)
