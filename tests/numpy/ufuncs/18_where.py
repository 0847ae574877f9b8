# ufuncs with where=: computed only where the mask holds (no warning from the other
# items), stored into out= there; broadcasting of the mask and the operands.
import warnings
import numpy as np

a = np.array([1.0, 2.0, 3.0, 4.0])
b = np.array([2.0, 0.0, 4.0, 0.0])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out = np.zeros_like(a)
    r = np.divide(a, b, out=out, where=b != 0)
    print(r is out, out)
    print(np.log(np.array([-1.0, 1.0, np.e]), out=np.full(3, -9.0), where=np.array([False, True, True])))
    print(np.sqrt(np.array([4.0, -4.0]), out=np.ones(2), where=[True, False]))
print(len(caught))
m = np.arange(6.0).reshape(2, 3)
o = np.full((2, 3), -1.0)
np.add(m, 10, out=o, where=np.array([True, False, True]))
print(o)
o2 = np.zeros((2, 3), dtype=np.int64)
np.multiply(np.arange(6).reshape(2, 3), np.array([[2], [3]]), out=o2, where=np.arange(6).reshape(2, 3) % 2 == 0)
print(o2)
f = np.zeros(3, dtype=np.float32)
np.add(np.array([1, 2, 3], dtype=np.float32), 0.5, out=f, where=[True, True, False])
print(f, f.dtype)
try:
    np.add(m, 1, out=np.zeros(3), where=True & np.ones(3, bool))
except ValueError as e:
    print("ValueError:", e)
