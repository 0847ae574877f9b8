# Broadcasting in-place ops work; assigning a longer row is an uncaught ValueError.
import numpy as np
a = np.zeros((2, 3))
a += np.ones(3)
print(a)
b = a[:, :2]
b -= np.ones((2, 1))
print(a)
a[0] = np.arange(4)
print("not reached")
