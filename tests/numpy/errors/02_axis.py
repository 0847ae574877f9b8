import numpy as np
a = np.arange(6).reshape(2, 3)
for ax in (2, -3, 5):
    try:
        a.sum(axis=ax)
    except np.exceptions.AxisError as e:
        print(type(e).__name__, e, isinstance(e, ValueError), isinstance(e, IndexError))
try:
    np.concatenate([a, a], axis=3)
except np.exceptions.AxisError as e:
    print(e)
