import numpy as np
for dt in (np.int8, np.int16, np.int32, np.uint8, np.uint32, np.uint64, np.float32):
    print(repr(np.arange(3, dtype=dt)), repr(np.zeros((2, 2), dtype=dt)))
print(repr(np.arange(22, dtype=np.int32) * 1000))
print(repr(np.zeros((0, 2, 3))), repr(np.ones((3, 0), dtype=bool)))
