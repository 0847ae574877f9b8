# Integer floor division of the minimum by -1 wraps with NumPy's overflow warning (it
# used to abort pynum); float floor division by zero gives infinities; sign of zeros.
import warnings
import numpy as np

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(np.array([-128, 7, -7], dtype=np.int8) // np.int8(-1))
    print(np.array([-2**63, 5]) // -1, np.array([-2**63]) % -1)
    print(np.array([-32768], dtype=np.int16) // np.array([-1], dtype=np.int16))
    print(np.floor_divide(np.array([1.0, -1.0, 0.0]), 0.0), np.array([7.0]) // np.array([-0.0]))
print(sorted({str(w.message) for w in caught}))
with np.errstate(all="ignore"):
    print(np.array([-9223372036854775808]) // np.array([-1]), np.array([3.0, -2.5]) // 0.0)
print(np.sign(np.array([-0.0, 0.0, -2.0, 3.5, np.nan])), np.sign(-0.0), np.sign(np.array([-3, 0, 4])))
