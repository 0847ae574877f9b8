import numpy as np
t = np.array([True])[0]
print(repr(t), repr(~t), repr(t & False), repr(t | np.False_), repr(t == True), repr(t + t), bool(np.False_))
print(np.True_ is np.bool_(1), repr(np.bool_(0)), str(np.True_), t.dtype, type(t).__name__)
