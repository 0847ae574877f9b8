# NumPy scalars mixed with Python int/float/bool/complex: result types and values (NEP 50).
import numpy as np
scalars = [np.int8(3), np.uint8(3), np.int32(3), np.int64(3), np.uint64(3), np.float32(3), np.float64(3), np.bool_(True)]
pys = [2, 2.5, True, -1]
for s in scalars:
    out = []
    for p in pys:
        r = s + p
        out.append("%s:%s" % (type(r).__name__, r))
    print(type(s).__name__, " ".join(out))
for s in scalars[:7]:
    print(type(s).__name__, repr(s * 1.5), repr(s / 2), repr(s // 2), repr(s % 2), repr(2 - s), repr(s ** 2))
print(repr(np.float64(2) + 1j), repr(np.int8(2) * 1j), type(np.float32(1) + 1j).__name__)
print(repr(np.float64(0.1) + 0.2), repr(0.1 + np.float32(0.2)), repr(np.float64(1) == 1.0))
print(repr(np.int64(7) / np.int64(2)), repr(np.int8(-7) // np.int8(2)), repr(np.int8(-7) % np.int8(2)))
print(repr(np.uint8(5) - 3), repr(np.bool_(True) + np.bool_(True)), repr(np.bool_(True) & np.bool_(False)))
