import numpy as np
for v in (np.array(1.0), np.array(-2), np.array(False), np.array(1e-7), np.array(np.nan), np.array(3, dtype=np.int8), np.array(0.5, dtype=np.float32)):
    print(repr(v), str(v), v.shape, v.ndim)
