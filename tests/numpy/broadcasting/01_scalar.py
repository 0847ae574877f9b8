import numpy as np
a = np.arange(5)
print(a + 1, a - 1, a * 2, a / 2, a // 2, a % 3, a ** 2)
print(1 + a, 10 - a, 2 * a, 1 / (a + 1), 7 // (a + 1), 7 % (a + 1), 2 ** a)
f = np.array([1.5, -2.5, 3.0])
print(f + 1, f * 2, f / 4, f // 2, f % 2, f ** 2, -f, abs(f), +f)
