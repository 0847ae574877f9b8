import numpy as np
a = np.arange(24).reshape(2, 3, 4)
for block in a:
    for row in block:
        print(list(row), end=" ")
    print()
print([x.shape for x in a], len(a.T))
print(list(np.arange(3.0)), [repr(v) for v in np.arange(2, dtype=np.int8)])
