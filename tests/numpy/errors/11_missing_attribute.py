# A name NumPy does not have is an AttributeError, so feature checks tell the truth.
import numpy as np

print(hasattr(np, "no_such_function_anywhere"))
try:
    np.no_such_function_anywhere
except AttributeError as e:
    print("AttributeError:", e)
print(hasattr(np, "zeros"), hasattr(np, "ndarray"))
