# Shifts and divmod of NumPy scalars follow NumPy's types (the shim's integer scalars are int
# subclasses, so int's own methods answered with unbounded ints: np.uint8(200) << 1 was 400).
import numpy as np
x = np.int64(15)
print(repr(x << 60))
print(repr(np.int32(7) << 30))
print(repr(np.uint8(200) << 1))
print(repr(1 << x))
print(repr(divmod(x, 4)))
print(repr(np.uint8(200) >> 3), repr(300 >> np.int16(2)), repr(divmod(17, np.int32(5))))
print(repr(divmod(np.float64(7.5), 2)), repr(divmod(np.int8(-7), np.int8(2))))
