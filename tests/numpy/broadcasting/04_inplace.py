import numpy as np
a = np.arange(5.0)
a += 1
a *= 2
a -= np.array([1, 1, 1, 1, 1])
a /= 4
print(a)
b = np.arange(6).reshape(2, 3)
b += np.array([1, 2, 3])
b *= 2
b //= 3
b %= 5
print(b)
v = b[0]
v += 100
print(b)
c = np.arange(5)
c += c[::-1]
print(c)
try:
    c += 1.5
except TypeError as e:
    print(type(e).__name__, e)
