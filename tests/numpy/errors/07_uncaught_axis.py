import numpy as np
print(np.arange(3).sum(axis=0))
np.arange(3).sum(axis=1)
