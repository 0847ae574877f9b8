import numpy as np
a = np.array([1.5, 2.5])
x = a[0]
print(repr(x), x, type(x).__name__, isinstance(x, float))
i = np.arange(3)[1]
print(repr(i), i, type(i).__name__)
b = np.array([True, False])[0]
print(repr(b), b, bool(b))
print(repr(np.float64(1.5)), repr(np.int64(7)), repr(np.int8(-3)), repr(np.uint8(200)), repr(np.float32(0.1)))
print(repr(np.True_), repr(np.False_), np.float64(2.0), str(np.float64(0.1)))
print(repr(x + 1), repr(x * x), repr(i + 1), repr(i * 2.5), repr(2 * i), repr(-x), repr(abs(-i)))
print(repr(x > 1), repr(i == 1))
print(repr(a.sum()), repr(a.max()), float(x), int(i), range(i).stop)
