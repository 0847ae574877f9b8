import numpy as np
i = np.array([1, -2, 3])
print(repr(np.floor(i)), repr(np.ceil(i)), repr(np.abs(i)), repr(np.negative(i)), repr(np.square(i)))
print(repr(np.floor(np.array([True, False]))))
print(repr(np.sign(np.array([-3, 0, 5]))))
