import numpy as np
print(repr(np.eye(4, k=-1)), repr(np.eye(3, 5, k=2)), repr(np.eye(2, dtype=bool)), repr(np.identity(3, dtype=np.int8)))
