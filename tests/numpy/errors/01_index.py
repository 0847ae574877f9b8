import numpy as np
a = np.arange(3)
for k in (5, -4, 3):
    try:
        a[k]
    except IndexError as e:
        print(e)
m = np.zeros((2, 3))
for key in ((0, 3), (2, 0), (0, 0, 0)):
    try:
        m[key]
    except IndexError as e:
        print(e)
try:
    m[0, 5] = 1
except IndexError as e:
    print(e)
try:
    a[::0]
except ValueError as e:
    print(e)
try:
    a[1, ..., ...]
except IndexError as e:
    print(e)
