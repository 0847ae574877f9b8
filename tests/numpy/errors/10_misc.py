import numpy as np
try:
    np.arange(4).reshape(2, 2).transpose(0, 0)
except ValueError as e:
    print(e)
try:
    np.stack([np.zeros(2), np.zeros(3)])
except ValueError as e:
    print(e)
try:
    np.array([1, 2]).item()
except ValueError as e:
    print(e)
try:
    np.arange(3).reshape(-1, -1)
except ValueError as e:
    print(e)
