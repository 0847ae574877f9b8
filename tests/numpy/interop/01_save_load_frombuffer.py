# np.save writes NumPy's .npy bytes; np.load reads them back (and NumPy's own files).
import os
import tempfile
import numpy as np

arrays = [np.arange(6.0).reshape(2, 3), np.arange(5), np.array([True, False, True]),
          np.arange(12, dtype=np.uint8).reshape(3, 4), np.array(3.5), np.zeros((0, 4)),
          np.arange(6.0).reshape(2, 3).T, np.array([1 + 2j, -3j]), np.arange(4, dtype=np.int32),
          np.arange(3, dtype=np.float32), np.arange(10 ** 4).reshape(100, 100)]
with tempfile.TemporaryDirectory() as d:
    for k, a in enumerate(arrays):
        path = os.path.join(d, "a%d" % k)
        np.save(path, a)
        with open(path + ".npy", "rb") as f:
            raw = f.read()
        print(k, len(raw), raw[:10], raw[10:raw.index(b"}") + 1], sum(raw) % 100003)
        b = np.load(path + ".npy")
        print(b.dtype, b.shape, b.flags.c_contiguous, b.flags.writeable, np.array_equal(a, b))
    with open(os.path.join(d, "f.npy"), "wb") as f:
        np.save(f, np.arange(3.0))
    with open(os.path.join(d, "f.npy"), "rb") as f:
        print(np.load(f))
print(np.frombuffer(bytes(range(8)), dtype=np.uint8), np.frombuffer(bytes(range(8)), dtype=np.int16, count=2, offset=2))
r = np.frombuffer(b"\x00" * 16)
print(r, r.flags.writeable)
for bad in [dict(offset=20), dict(count=3)]:
    try:
        np.frombuffer(b"\x00" * 16, **bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    np.frombuffer(b"\x00" * 15)
except ValueError as e:
    print("ValueError:", e)
print(np.arange(6).reshape(2, 3).tobytes() == np.arange(6).tobytes(), np.arange(4.0)[::-1].tobytes()[:8])
import array
print(np.array(array.array("h", [1, -2, 3])), np.array(array.array("h", [1, -2])).dtype, np.asarray(array.array("f", [0.5])).dtype)
print(bytes(np.array([1, 2], dtype=np.int16)))
