import numpy as np
print(repr(np.full(3, True)), repr(np.full(2, 1.5, dtype=np.float32)), repr(np.full((2, 2), -1, dtype=np.int16)))
print(repr(np.full(3, np.int8(4))), repr(np.full(2, np.float64(0.5))), repr(np.ones(3, np.uint8) * 255))
print(repr(np.zeros((2, 2), dtype='int32')), repr(np.ones(2, dtype='f4')), repr(np.zeros(1, 'u2')))
