import numpy as np
a = np.zeros(3, dtype=np.int8)
for v in (300, -129):
    try:
        a[0] = v
    except OverflowError as e:
        print(e)
try:
    a[1] = np.nan
except ValueError as e:
    print(e)
try:
    np.zeros((2, 2))[0] = np.array([1, 2, 3])
except ValueError as e:
    print(e)
a[2] = 2.9
print(a)
