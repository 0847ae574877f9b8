# Complex arrays print as NumPy 2 prints them: aligned real and imaginary parts, signed
# zeros, scientific notation when the magnitudes call for it.
import numpy as np
a = np.array([1 + 2j, 3 - 1j, -0.5 + 0j])
print(a, repr(a))
print(np.array([[1j, 2], [3.25, -1e-5j]]))
print(a * 2, a.sum(), np.abs(a), a[1])
print(np.array([1e10 + 1j, 1 - 1e-10j]), np.zeros(2, dtype=complex), repr(np.array([0j])))
print(np.arange(4) * (1 - 1j), np.array([np.inf + 1j, complex(0, np.nan)]))
r, i = a.real, a.imag
print(r, i, r.dtype, np.shares_memory(a, r), r.strides, i.flags["C_CONTIGUOUS"])
i[0] = 9.5
r[2] = 4.0
print(a, np.arange(3).real, np.arange(3.0).imag)
m = np.array([[1 + 1j, 2 - 2j], [3j, 4]])
print(m.T.real, m[:, 1].imag)
