import numpy as np
try:
    np.array([1.5]) & 1
except TypeError as e:
    print(e)
try:
    np.dtype("nope")
except TypeError as e:
    print(e)
try:
    np.zeros(-1)
except ValueError as e:
    print(e)
try:
    np.arange(3).reshape(2, -1)
except ValueError as e:
    print(e)
try:
    np.arange(3)["a"]
except IndexError as e:
    print(e)
