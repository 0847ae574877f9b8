# The buffer protocol: memoryview(a) of contiguous, strided, reversed, 2-d and read-only
# arrays (shape, strides, format, items, writes reaching the array), bytes(memoryview).
import numpy as np

a = np.arange(6.0).reshape(2, 3)
m = memoryview(a)
print(m.shape, m.strides, m.format, m.itemsize, m.ndim, m.nbytes, m.readonly, m.c_contiguous)
print(m.tolist(), m[1, 2], bytes(m) == a.tobytes())
m[0, 1] = 42.0
print(a)
s = np.arange(10)[::-3]
ms = memoryview(s)
print(ms.shape, ms.strides, ms.format, ms.tolist(), ms.c_contiguous, bytes(ms) == s.tobytes())
t = np.arange(12, dtype=np.int16).reshape(3, 4).T
mt = memoryview(t)
print(mt.shape, mt.strides, mt.format, mt.tolist(), mt.f_contiguous)
for dt in (np.bool_, np.int8, np.uint8, np.int32, np.uint32, np.uint64, np.float32):
    x = np.zeros(2, dtype=dt)
    print(np.dtype(dt).name, memoryview(x).format, memoryview(x).itemsize, memoryview(x).tolist())
r = np.broadcast_to(np.arange(3), (2, 3))
mr = memoryview(r)
print(mr.readonly, mr.strides, mr.tolist())
try:
    mr[0, 0] = 5
except TypeError as e:
    print("TypeError:", e)
print(np.frombuffer(memoryview(np.arange(4.0)), dtype=np.float64), np.frombuffer(np.arange(3), dtype=np.int64))
z = memoryview(np.array(7.5))
print(z.shape, z.ndim, z.tolist(), z.format)
