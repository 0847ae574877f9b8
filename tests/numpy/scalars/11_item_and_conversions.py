# .item(), .tolist(), int()/float()/bool()/complex()/index() on NumPy scalars and 0-d arrays.
import numpy as np
vals = [np.int8(-5), np.uint16(65535), np.int64(2**63 - 1), np.uint64(2**64 - 1), np.float32(0.1),
        np.float64(-2.75), np.complex128(1 - 2j), np.bool_(False)]
for v in vals:
    it = v.item()
    print(repr(v), repr(it), type(it).__name__, repr(v.tolist()), v.dtype, v.itemsize, v.shape, v.ndim)
for v in vals[:6]:
    print(int(v), float(v), bool(v), complex(v), "%s|%r|%d" % (v, float(v), int(v)))
print([10, 20, 30][np.int8(1)], [10, 20, 30][np.uint64(2)], list(range(np.int32(3))))
for z in (np.array(7), np.array(2.5), np.array(True), np.array(1 + 1j)):
    print(repr(z.item()), repr(z.tolist()), repr(z[()]), type(z[()]).__name__)
a = np.arange(6, dtype=np.int16).reshape(2, 3)
print(repr(a.item(4)), repr(a.item(1, 2)), repr(a.item(-1)), type(a.item(0)).__name__)
print(repr(np.float64(2.5).astype(np.int8)), repr(np.int64(200).astype(np.uint8)), repr(np.float32(1.5).astype(np.float64)))
print(np.float64(3.0).is_integer(), np.float64(3.5).is_integer(), np.int8(2).is_integer())
