import numpy as np
a = np.arange(6).reshape(3, 2)
for row in a:
    print(repr(row), row.base is a)
for x in np.array([1.5, 2.5]):
    print(repr(x))
print([int(v) for v in np.arange(4)], list(np.array([True, False])))
print(sum(np.arange(5)), max(np.array([3, 9, 2])), sorted(np.array([3.5, 1.5, 2.5])))
