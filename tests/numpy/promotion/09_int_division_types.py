import numpy as np
for dt in (np.int8, np.int16, np.int32, np.uint8, np.uint16, np.float32):
    a = np.array([7, 3], dtype=dt)
    print(dt.__name__, (a / a).dtype, (a // a).dtype, (a % a).dtype, (a ** a).dtype, (a * 2).dtype, (a / 2).dtype)
