import numpy as np
print(repr(np.array([1, -22, 333])))
print(np.array([1, -22, 333]))
print(repr(np.array([[1, 2], [30, 4]])))
print(repr(np.array([True, False, True])))
print(np.array([[True, False], [False, True]]))
print(repr(np.array([1, 2], dtype=np.uint16)), repr(np.array([-1], dtype=np.int32)))
print(repr(np.array(7)), repr(np.array(True)), str(np.array(7)), str(np.array(2.5)))
