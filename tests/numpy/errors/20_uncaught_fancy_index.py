# An out-of-bounds entry in an integer index array is an uncaught IndexError naming the axis.
import numpy as np
a = np.arange(12).reshape(3, 4)
print(a[[0, 2]], a[:, [1, -4]])
print(a[[-3]])
a[[1, 3]]
print("not reached")
