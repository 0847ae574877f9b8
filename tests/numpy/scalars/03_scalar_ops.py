import numpy as np
x = np.float64(2.5)
i = np.int64(7)
print(repr(x + i), repr(i // 2), repr(i % 3), repr(i ** 2), repr(x ** 2), repr(i / 2), repr(x // 1))
print(repr(i + 1.5), repr(x - 1), repr(1 - x), repr(x > 2), repr(i < 10), x == 2.5, i == 7)
print(repr(np.int8(100) + np.int8(20)), repr(np.uint8(3) + np.uint8(5)))
print(hash(x) == hash(2.5), hash(i) == hash(7), {x: 1}[2.5], [0, 1, 2, 3, 4, 5, 6, 7][i])
print(repr(np.float64(3)), repr(np.int64(2.9)), repr(np.int16("12")), repr(np.bool_(1)), repr(np.float64("1.25")))
