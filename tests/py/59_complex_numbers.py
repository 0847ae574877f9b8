# Complex numbers and cmath: arithmetic, attributes, formatting, polar form (rounded for portability).
import cmath

z = 3 + 4j
w = complex(1, -2)
print(z, w, z + w, z - w, z * w, z / w, -z, z ** 2, z.conjugate())
print(z.real, z.imag, abs(z), type(z).__name__, complex("1+2j"), complex("-3.5j"), complex(2))
print(1j * 1j, (1j) ** 2 == -1, 2j / 1j, z == complex(3, 4), z != w, 0j == 0, complex(0, 0))
print(repr(complex(1, 0)), repr(complex(-0.0, 1)), repr(1e16j), repr(complex(1.5, -2.25)))
print(f"{z:.2f}", f"{w:+.1e}", format(z, "^20"), "{:g}".format(complex(0.1, 3)))


def r(c):
    return complex(round(c.real, 9), round(c.imag, 9))


print(r(cmath.sqrt(-4)), r(cmath.sqrt(z)), r(cmath.exp(1j * cmath.pi)), r(cmath.log(-1)))
mag, ang = cmath.polar(z)
print(round(mag, 9), round(ang, 9), r(cmath.rect(2, cmath.pi / 2)), round(cmath.phase(-1 + 0j), 9))
print(cmath.isclose(cmath.exp(1j * cmath.pi), -1, abs_tol=1e-12), cmath.isfinite(z), cmath.isnan(complex("nan")))
roots = [r(cmath.exp(2j * cmath.pi * k / 4)) for k in range(4)]
print(roots, sum(roots))
try:
    _ = z < w
except TypeError as e:
    print("no ordering:", type(e).__name__)
try:
    _ = 1 / 0j
except ZeroDivisionError as e:
    print("complex division:", type(e).__name__)


def mandelbrot_rows(width=30, height=10, iterations=20):
    rows = []
    for y in range(height):
        row = ""
        for x in range(width):
            c = complex(-2.0 + 2.6 * x / width, -1.2 + 2.4 * y / height)
            zz = 0j
            for _ in range(iterations):
                zz = zz * zz + c
                if abs(zz) > 2:
                    row += "."
                    break
            else:
                row += "#"
        rows.append(row)
    return rows


print("\n".join(mandelbrot_rows()))
print(sum([1 + 1j, 2 - 3j, 0.5j]), [c.imag for c in (1j, 2 + 0j)], sorted([3 + 1j, 1 + 5j, 2 + 2j], key=abs))
print(pow(1 + 1j, 3), r((2 + 0j) ** 0.5), hash(complex(5, 0)) == hash(5))
