import numpy as np
a = np.array([100, 50], dtype=np.int8)
print(repr(a + a), repr(a + 1), (a + 1).dtype)
print(repr(a * 3))
b = np.array([200, 3], dtype=np.uint8)
print(repr(b + 100), repr(b - 201))
print((a + b).dtype, (np.zeros(1, np.int16) + np.zeros(1, np.uint16)).dtype)
print((np.zeros(1, np.int64) + np.zeros(1, np.uint64)).dtype, (np.zeros(1, np.uint32) + np.zeros(1, np.int8)).dtype)
print((np.zeros(1, np.float32) + np.zeros(1, np.int16)).dtype, (np.zeros(1, np.float32) + np.zeros(1, np.int32)).dtype)
print((np.zeros(1, np.float32) + 1.5).dtype, (np.zeros(1, np.float32) + np.zeros(1, np.float64)).dtype)
try:
    a + 300
except OverflowError as e:
    print(e)
