import numpy as np
t = np.array([True, False])
print(repr(t + t), repr(t * t), repr(t + 1), repr(t * 2.5), repr(t // np.array([True, True])), repr(t ** t))
try:
    t - t
except TypeError as e:
    print(e)
try:
    -t
except TypeError as e:
    print(e)
