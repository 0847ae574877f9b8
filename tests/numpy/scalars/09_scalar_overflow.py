# Integer scalar overflow wraps (under errstate); float overflow raises with over="raise"; range errors.
import numpy as np
with np.errstate(over="ignore"):
    print(repr(np.int8(127) + np.int8(1)), repr(np.uint8(0) - np.uint8(1)), repr(np.int16(200) * np.int16(200)))
    print(repr(np.int64(2**62) * 4), repr(np.uint64(2**64 - 1) + np.uint64(1)), repr(-np.int8(-128)))
    print(repr(np.int32(2**31 - 1) + np.int32(1)), repr(np.uint16(3) * np.uint16(30000)))
print(repr(np.int8(100) + np.int16(100)), repr(np.uint8(200) + np.int8(1)), repr(np.uint32(5) - np.int64(10)))
print(repr(np.array([127], dtype=np.int8) + np.int8(1)))
with np.errstate(over="raise"):
    for f in (lambda: np.float64(1e308) * np.float64(10), lambda: np.float32(3e38) + np.float32(3e38),
              lambda: np.array([1e308]) * 10, lambda: np.int8(100) + np.int8(20)):
        try:
            print(repr(f()))
        except FloatingPointError as e:
            print("FloatingPointError:", e)
try:
    np.int8(300)
except OverflowError as e:
    print("OverflowError:", e)
try:
    np.uint8(-1)
except OverflowError as e:
    print("OverflowError:", e)
try:
    np.int8(1) + 300
except OverflowError as e:
    print("OverflowError:", e)
print(repr(np.int8(5) + 3), repr(np.uint8(250) + 5), repr(np.float32(3) + 2**40))
