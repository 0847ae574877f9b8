import numpy as np
print(type(np.arange(3).item(0)).__name__, type(np.array([1.5]).item()).__name__, type(np.array([True]).item()).__name__)
x = np.float64(3.25)
print(x.item(), type(x.item()).__name__, x.dtype, np.int64(3).dtype, np.float32(1).dtype)
print(repr(np.array([1, 2], dtype=np.int8)[0]), repr(np.array([1.5], dtype=np.float32)[0]))
print(repr(np.float64(1e20)), repr(np.float64(1e-5)), repr(np.float64(np.nan)), repr(np.float64(-np.inf)))
print(np.float64(1) / 3, repr(np.float64(10) / 4))
