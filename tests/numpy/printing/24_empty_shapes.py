# Empty arrays of many shapes and dtypes: repr shows shape= when needed, str shows brackets.
import numpy as np
for shape in [(0,), (0, 3), (3, 0), (2, 0, 4), (0, 0), (1, 0)]:
    for dt in (float, np.int64, np.int8, np.uint16, bool, np.float32, complex):
        a = np.zeros(shape, dtype=dt)
        print(repr(a), "|", str(a), "|", a.size, a.nbytes)
print(repr(np.arange(0)), repr(np.array([])), repr(np.array([], dtype=np.int32)))
print(repr(np.arange(10)[5:5]), repr(np.ones((3, 4))[:, 2:2]))
