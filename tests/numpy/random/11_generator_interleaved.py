# Generator streams interleaving draws of different kinds and integer widths (buffered 32-bit draws).
import numpy as np
g = np.random.default_rng(2025)
print(g.integers(0, 10, size=3, dtype=np.uint8), g.integers(0, 10, size=3, dtype=np.int16))
print(np.round(g.random(2), 8), g.integers(0, 5, size=2, dtype=np.int32))
print(g.integers(0, 3, size=5, dtype=np.int8), g.integers(0, 2**20, size=2))
print(np.round(g.normal(size=3), 8), g.integers(100, size=3, dtype=np.uint16))
print(np.round(g.uniform(-2, 2, size=(2, 2)), 8))
print(g.choice(100, 4, replace=False), g.permutation(6))
print("%.10f" % g.standard_normal(), "%.10f" % g.random())
h = np.random.default_rng(2025)
print(h.integers(0, 10, size=3, dtype=np.uint8), h.integers(0, 10, size=3, dtype=np.int16))
seeds = [np.random.default_rng(s).integers(0, 2**31) for s in range(5)]
print(seeds)
gens = [np.random.default_rng(s) for s in seeds]
print([int(x.integers(1000)) for x in gens])
print(np.random.default_rng(7).integers(5, size=(3, 3)).sum(axis=0))
