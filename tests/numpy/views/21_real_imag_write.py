# .real and .imag of complex arrays are writable views; of real arrays .real is a view too.
import numpy as np
z = np.array([1 + 2j, 3 - 4j, -5 + 0.5j])
r = z.real
i = z.imag
r[0] = 10
i[1] = 40
print(repr(z), r.base is z, i.base is z, np.shares_memory(z, r))
z.real[2] = -1.5
z.imag[:] = 0
print(repr(z), repr(r), repr(i))
m = np.arange(6).reshape(2, 3) * (1 + 1j)
m.imag[1] = [7, 8, 9]
print(m, m.real.flags.c_contiguous, m.real.strides, m.imag.strides)
x = np.arange(4.0)
xr = x.real
xr[0] = 99
print(x, xr.base is x, repr(x.imag), x.imag.shape)
z2 = np.zeros(3, dtype=complex)
zr = z2.real
zr += np.array([1.0, 2.0, 3.0])
zi = z2.imag
zi -= 1
print(repr(z2), repr(abs(z2 - 1j * z2.imag)))
