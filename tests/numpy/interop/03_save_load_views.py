# np.save of views (strided, transposed, reversed) and of every dtype; np.load values and flags.
import os
import tempfile
import numpy as np
base = np.arange(24).reshape(4, 6)
arrays = {"strided": base[::2, 1::2], "rev": base[::-1], "T": base.T, "row": base[2], "i8": base.astype(np.int8),
          "u16": base.astype(np.uint16), "u64": base.astype(np.uint64), "b": base % 3 == 0, "f32": base / np.float32(4),
          "c": base[:2, :2] * 1j, "scalar": np.array(np.int16(-3)), "empty": np.zeros((3, 0), dtype=np.int32)}
with tempfile.TemporaryDirectory() as d:
    for name, a in arrays.items():
        p = os.path.join(d, name + ".npy")
        np.save(p, a)
        b = np.load(p)
        print(name, b.dtype, b.shape, np.array_equal(a, b), b.flags.c_contiguous, os.path.getsize(p))
    p = os.path.join(d, "T.npy")
    print(np.load(p)[:2])
    np.save(os.path.join(d, "list"), [[1, 2], [3, 4]])
    np.save(os.path.join(d, "floatlist.npy"), [1.5, 2])
    print(repr(np.load(os.path.join(d, "list.npy"))), repr(np.load(os.path.join(d, "floatlist.npy"))))
    with open(os.path.join(d, "h.npy"), "wb") as f:
        np.save(f, np.arange(3))
    with open(os.path.join(d, "h.npy"), "rb") as f:
        print(np.load(f), f.read())
