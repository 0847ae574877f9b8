import numpy as np
print(repr(np.sqrt(np.float64(2.0))), repr(np.abs(np.int64(-3))), repr(np.maximum(np.float64(1), 2)))
print(repr(np.float64(2.5).item()), np.float64(2.5).dtype, np.int8(3).itemsize, np.float64(1.0).is_integer())
x = np.arange(5)[2]
print(x.ndim, x.shape, x.size, repr(x.astype(float)), repr(-x), repr(~x))
print(isinstance(np.float64(1), np.floating), isinstance(np.int64(1), np.integer), isinstance(np.int64(1), np.signedinteger), isinstance(np.uint8(1), np.unsignedinteger))
