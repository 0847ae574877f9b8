# math.hypot and math.dist of subnormal coordinates round as CPython 3.11's vector_norm
# does (each coordinate divided by the largest, squares summed with a compensation);
# rustpython's pymath follows 3.12's rescaling by DBL_MIN, which differs in the last bit
# for about one subnormal input in forty. Found by the differential fuzzer (seed 803738):
# a hypot accumulated 1300 times in a loop, natively and in the interpreter.
import math

m = 0.0
for j in range(1300):
    m = math.hypot(m, 1e-310)
    if m > 0:
        m = m % 1
print("accumulated", m.hex(), m)


def pairs(n):
    out = []
    a = 1e-310
    for k in range(n):
        a = math.hypot(a, 3e-311 * (k % 7 + 1))
        out.append(a)
    return out


for _ in range(3):
    values = pairs(500)
print("pairs", values[-1].hex(), sum(values) / len(values))
print("exact", [math.hypot(x, y).hex() for x, y in [(3e-310, 4e-310), (5e-324, 5e-324), (1e-320, 2.5e-315), (2.2250738585072014e-308, 1e-310)]])
print("three", math.hypot(1e-310, 2e-311, 3e-312).hex(), math.hypot(3.0, 4.0, 12.0))
print("dist", math.dist((1e-310, 2e-310), (3e-310, -1e-311)).hex(), math.dist([1.5, 2.25], [0.1, -7.0]))
