# Legacy randint: masked rejection, every integer width, bounds and their errors.
import numpy as np
rs = np.random.RandomState(99)
print(rs.randint(10, size=12))
print(repr(rs.randint(5)), repr(rs.randint(-3, 3)), type(rs.randint(1, 2)).__name__)
print(rs.randint(-2**62, 2**62, size=4))
print(rs.randint(0, 2**40, size=3), rs.randint(0, 2**32, size=3))
for dt in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, bool):
    a = rs.randint(0, 2, size=7, dtype=dt) if dt is bool else rs.randint(0, 100, size=7, dtype=dt)
    print(np.dtype(dt).name, a, a.dtype)
print(repr(rs.randint(0, 100, dtype=np.int16)))
print(rs.randint(-128, 128, size=6, dtype=np.int8), rs.randint(0, 256, size=6, dtype=np.uint8))
print(rs.randint(0, 2**64, size=2, dtype=np.uint64), rs.randint(7, 8, size=3))
for args, kw in (((0,), {}), ((5, 5), {}), ((0, 300), {"dtype": np.int8}), ((-1, 3), {"dtype": np.uint8})):
    try:
        rs.randint(*args, **kw)
    except ValueError as e:
        print("ValueError", e)
print(rs.randint(3, size=(2, 3)))
print(rs.randint(0, 10, size=0), rs.randint(0, 10, size=(2, 0)).shape)
