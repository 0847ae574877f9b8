import numpy as np
u = np.array([1, 2, 250], dtype=np.uint8)
print(repr(u + 10), repr(u * 2), repr(u // 3), repr(u % 7), repr(-u), repr(u - 2))
print(repr(u + np.array([1], dtype=np.int8)), repr(u + np.array([1], dtype=np.uint16)))
print(repr(u.sum()), u.sum().dtype, repr(u.max()), repr(u.astype(np.int8)))
print(repr(np.array([2**63], dtype=np.uint64)), repr(np.array([2**64 - 1])))
