# Scalar astype wraps and truncates as array casts do; round(np scalar, n) is np.round.
import numpy as np

print(repr(np.int64(300).astype(np.uint8)), repr(np.int16(-1).astype(np.uint16)))
x = np.int64(300).astype(np.uint8)
print(x + 0, repr(np.float64(2.9).astype(np.int64)), repr(np.float64(-2.9).astype(np.int32)))
print(repr(np.uint8(200).astype(np.int8)), repr(np.int8(-1).astype(np.float32)))
print(repr(round(np.float64(2.675), 2)), repr(round(np.float32(1.25), 1)), repr(round(np.float64(1234.5), -2)))
print(repr(round(np.float64(1.5))), repr(round(np.float64(2.5))), type(round(np.float64(7.25))).__name__)
