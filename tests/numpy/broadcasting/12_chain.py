import numpy as np
a = np.linspace(0, 1, 6)
b = a * 2 + 1
c = (b - a) / (a + 1)
print(c, repr(c.sum()), repr(c.max()), c.argmax())
d = np.sqrt(a * a + b * b)
print(d)
print(np.abs(a - 0.5) < 0.25)
