import numpy as np
z = np.array([1 + 2j, 3 - 1j])
print(z.dtype, z.itemsize, z.tolist(), (z + 1).tolist(), (z * z).tolist(), (z * 2.5).tolist())
print((z == np.array([1 + 2j, 0])).tolist(), np.abs(np.array([3 + 4j])).tolist(), np.abs(z).dtype)
print((np.arange(2) + 1j).dtype, (np.arange(2) + 1j).tolist(), z.sum().real if False else z.sum().item())
print(np.array([1.5, 2.5]).astype(np.complex128).tolist(), z.astype(float).tolist() if False else z[0].item())
