# repr and str of integer arrays at the limits of every integer dtype, and their columns.
import numpy as np
lims = {np.int8: (-128, 127), np.int16: (-2**15, 2**15 - 1), np.int32: (-2**31, 2**31 - 1),
        np.int64: (-2**63, 2**63 - 1), np.uint8: (0, 255), np.uint16: (0, 2**16 - 1),
        np.uint32: (0, 2**32 - 1), np.uint64: (0, 2**64 - 1)}
for dt, (lo, hi) in lims.items():
    a = np.array([lo, 0, hi], dtype=dt)
    print(repr(a))
    print(a)
    print(repr(a.reshape(3, 1)))
    print(repr(np.array([[hi, 1], [2, lo]], dtype=dt)))
print(repr(np.array([-9223372036854775808, 9223372036854775807])))
print(repr(np.array([18446744073709551615], dtype=np.uint64)))
print(np.array([[1, -1], [-100, 100]], dtype=np.int8))
