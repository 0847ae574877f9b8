import numpy as np
a = np.arange(6)
try:
    a.reshape(4, 2)
except ValueError as e:
    print(e)
try:
    a.reshape(5)
except ValueError as e:
    print(e)
try:
    np.concatenate([np.zeros((2, 2)), np.zeros((3, 3))])
except ValueError as e:
    print(e)
try:
    a[:3] = np.array([1, 2])
except ValueError as e:
    print(e)
try:
    np.dot(np.zeros((2, 3)), np.zeros((2, 3)))
except ValueError as e:
    print(e)
try:
    bool(a)
except ValueError as e:
    print(e)
try:
    len(np.array(5))
except TypeError as e:
    print(e)
