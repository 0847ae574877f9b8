# NEP 50: Python scalars are weak, NumPy scalars and arrays strong.
import numpy as np
cases = [
    (np.array([1, 2], dtype=np.int8), 1), (np.array([1, 2], dtype=np.int8), 1.5),
    (np.array([1.0], dtype=np.float32), 2), (np.array([1.0], dtype=np.float32), 2.5),
    (np.array([1], dtype=np.uint8), True), (np.array([True]), 2), (np.array([True]), 2.0),
    (np.array([1], dtype=np.int16), np.int32(1)), (np.array([1.0], dtype=np.float32), np.float64(1)),
]
for arr, s in cases:
    r = arr + s
    print(arr.dtype, type(s).__name__, r.dtype, r)
print(np.result_type(np.int8, 1), np.result_type(np.float32, 1.0), np.result_type(1, 2.0), np.result_type(True, False), np.result_type(np.uint8, True))
print(np.result_type(np.int8(1), np.int16(1)), np.result_type(np.array([1], dtype=np.uint16), -1), np.promote_types(np.int8, np.uint8))
