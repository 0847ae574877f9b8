# default_rng on PCG64 seeded through SeedSequence: doubles, integers by Lemire's method.
import numpy as np
for seed in (0, 1, 42, 2**32, 2**64 + 3, 2**127, [1, 2, 3], (5, 0)):
    g = np.random.default_rng(seed)
    print(seed, g.random(3), repr(g.random()))
g = np.random.default_rng(123)
print(g.integers(10, size=10), repr(g.integers(10)), repr(g.integers(10, dtype=int)))
print(g.integers(-100, 100, size=(2, 5)))
print(g.integers(0, 2**40, size=3), g.integers(0, 2**33, size=3), g.integers(1, 7, size=6, endpoint=True))
for dt in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.uint64, bool):
    hi = 2 if dt is bool else 100
    print(np.dtype(dt).name, g.integers(0, hi, size=9, dtype=dt))
print(g.integers(-2**63, 2**63 - 1, size=2, endpoint=True))
print(g.uniform(2.0, 3.0, size=4), repr(g.uniform()))
print(np.random.default_rng(g.integers(1000)).random(2))
print(np.random.default_rng(np.random.default_rng(5)) is not None)
for args in ((0,), (5, 1)):
    try:
        g.integers(*args)
    except ValueError as e:
        print("ValueError", e)
try:
    np.random.default_rng(-1)
except ValueError as e:
    print("ValueError", e)
