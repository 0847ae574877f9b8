# repr/str of float64/float32 scalars across magnitudes, and of results of scalar math.
import numpy as np
for v in (0.1, 1 / 3, 2 / 3 * 1e-7, 123456.789, 1e16, 1.5e-300, 2.0**53 + 2, -1e-5, 9.999999999999999e22):
    f = np.float64(v)
    g = np.float32(v)
    print(repr(f), str(f), repr(g), str(g))
print(repr(np.float64(2) ** 0.5), repr(np.float32(2) ** 0.5), repr(np.sqrt(np.float32(2))), repr(np.exp(np.float64(1))))
print(repr(np.float32(0.1) + np.float32(0.2)), repr(np.float32(1) / np.float32(3)), repr(np.float32(16777217)))
print(repr(np.sin(np.float64(np.pi))), repr(np.floor(np.float32(-2.5))), repr(np.abs(np.int8(-127))))
print(repr(np.complex128(1.5 - 0.25j)), str(np.complex128(-0.0 + 1e20j)), repr(np.complex128(np.nan)))
print(["%.3f" % x for x in (np.float32(1.0005), np.float64(-2.0005))], "{:.2e}".format(np.float64(12345.678)), f"{np.int16(42):05d}")
print(repr(np.round(np.float64(2.675), 2)), round(np.float64(7.5)), type(round(np.float64(7.5))).__name__, repr(np.round(np.float32(1.25), 1)))
