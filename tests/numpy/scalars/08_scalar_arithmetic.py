# Arithmetic between NumPy scalars, Python scalars and arrays: result types per NumPy 2.
import numpy as np
i8, f32, f64 = np.int8(100), np.float32(1.5), np.float64(2.5)
for r in (i8 + 1, i8 * np.int8(1), f32 + 1, f32 + 1.0, f32 * f64, f64 / 2, i8 / 4, np.int64(7) // 2, np.uint8(3) - np.uint8(1)):
    print(repr(r), type(r).__name__)
print(repr(np.array([1, 2], dtype=np.int8) + 1), repr(np.array([1.0], dtype=np.float32) * 2.5))
print(repr(abs(np.int64(-4))), repr(-np.float32(2.0)), repr(np.int32(5) ** 2), repr(np.float64(9) ** 0.5))
print(np.int64(3) == 3, np.float64(0.5) < 1, hash(np.int64(5)) == hash(5), int(np.float64(3.9)), float(np.int32(2)))
