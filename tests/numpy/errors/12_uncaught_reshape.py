import numpy as np
np.arange(10).reshape(3, 3)
