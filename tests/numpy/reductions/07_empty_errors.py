import numpy as np
e = np.zeros(0)
print(repr(e.sum()), repr(e.prod()), e.any(), e.all())
for f in (np.max, np.min):
    try:
        f(e)
    except ValueError as x:
        print(x)
try:
    np.argmax(e)
except ValueError as x:
    print(x)
print(repr(np.zeros((0, 3)).sum(axis=0)))
