import numpy as np
print("before")
np.ones(3) * np.ones(5)
