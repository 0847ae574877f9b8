# Summarized 2-d and 3-d arrays with ... rows and columns, and custom edgeitems.
import numpy as np
a = np.arange(2 * 1001).reshape(2, 1001)
print(a)
print(repr(np.arange(3000).reshape(10, 10, 30)))
np.set_printoptions(threshold=10)
print(np.arange(60).reshape(3, 4, 5))
np.set_printoptions(edgeitems=2)
print(repr(np.arange(60).reshape(3, 4, 5) * 0.5))
print(np.arange(100).reshape(10, 10) % 2 == 0)
print(repr(np.arange(30, dtype=np.uint8)))
np.set_printoptions(edgeitems=3, threshold=1000)
print(np.arange(40).reshape(5, 8))
