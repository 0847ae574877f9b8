# exp/log family near zero and at the edges (no warnings: only finite, in-domain inputs).
import numpy as np
x = np.array([1e-10, 1e-5, 0.5, 1.0, 2.0, 10.0])
print(np.exp(x), np.expm1(x), np.log(x), np.log1p(x))
print(np.log2(np.array([1.0, 2.0, 1024.0, 3.0])), np.log10(np.array([1.0, 10.0, 1e-3, 2.0])))
print(np.exp(np.array([700.0, -745.0, 0.0])), np.sqrt(np.array([0.0, 1e-300, 2.0, 1e300])))
print(np.square(np.array([1.5, -2.0])), np.square(np.arange(4)), np.sign(np.array([-2.5, 0.0, 3.0])), np.sign(np.array([-3, 0, 7])))
