import numpy as np
np.zeros((2, 2)).max(axis=-3)
