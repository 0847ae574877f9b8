# ravel() of an array that is not C-contiguous copies (writes do not reach the array),
# its copies and flatten()'s own their items; .real and .imag are assignable.
import numpy as np

a = np.arange(12).reshape(3, 4)
s = a[:, ::2].ravel()
s[:] = 0
print(a.sum(), np.shares_memory(a, s))
v = a.ravel()
v[0] = 100
print(a[0, 0], v.base is a)
f = a.flatten()
print(f.base is None, f.flags.owndata, a.T.ravel().base is None, a.T.ravel())
z = np.zeros(3, dtype=complex)
z.real += np.array([1.0, 2.0, 3.0])
z.imag = 5
print(repr(z))
z.real = np.array([-1.0, 0.0, 1.0])
print(repr(z), repr(z.real), repr(z.imag))
r = np.arange(3.0)
r.real = 7.5
print(r)
try:
    r.imag = 1.0
except TypeError as e:
    print("TypeError:", e)
