# Result dtypes of binary ops between every pair of array dtypes (int, uint, float, bool).
import numpy as np
dts = [bool, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64]
for d1 in dts:
    row = []
    for d2 in dts:
        r = np.ones(2, dtype=d1) + np.ones(2, dtype=d2)
        row.append(r.dtype.str[1:])
    print(np.dtype(d1).name.ljust(8), " ".join(row))
for d in dts[1:]:
    a = np.ones(2, dtype=d)
    print(np.dtype(d).name, (a / a).dtype, (a // a).dtype, (a * 1.0).dtype, (a + 1).dtype, (a ** 2).dtype, (a < a).dtype)
print(np.promote_types(np.uint64, np.int64), np.promote_types(np.int8, np.float32), np.promote_types(np.uint16, np.float32))
