# tolist of every dtype and shape; tobytes/frombuffer round trips; bytes() and array.array input.
import array
import numpy as np
for dt in (bool, np.int8, np.uint8, np.int16, np.uint32, np.int64, np.uint64, np.float32, np.float64, complex):
    a = np.arange(6).astype(dt).reshape(2, 3)
    t = a.tolist()
    print(np.dtype(dt).name, t, type(t[0][1]).__name__, a[:, 1].tolist(), a.T.tolist()[2])
    raw = a.tobytes()
    back = np.frombuffer(raw, dtype=dt).reshape(2, 3)
    print(len(raw), np.array_equal(a, back), back.flags.writeable, a.T.tobytes() == a.T.copy().tobytes())
print(np.array(5).tolist(), np.zeros((2, 0)).tolist(), np.zeros((0, 2)).tolist(), np.array([]).tolist())
for code, vals in (("b", [-1, 2]), ("B", [255, 0]), ("i", [1, -2]), ("l", [2**40, 3]), ("d", [0.5, -1.5]), ("f", [0.25, 8.0])):
    arr = np.array(array.array(code, vals))
    print(code, repr(arr), arr.dtype.itemsize)
print(np.frombuffer(bytearray(b"\x01\x00\x02\x00"), dtype=np.uint16), np.frombuffer(b"\x00\x00\x80\x3f", dtype=np.float32))
print(bytes(np.arange(3, dtype=np.uint8)), np.arange(3, dtype=np.int16)[::-1].tobytes(), bytes(np.array([True, False])))
