# Reseeding repeats the streams; independent generators do not share state; state survives
# interleaved calls of different kinds.
import numpy as np
np.random.seed(5)
first = np.random.rand(3)
np.random.seed(5)
print(np.array_equal(first, np.random.rand(3)))
g1, g2 = np.random.default_rng(11), np.random.default_rng(11)
print(g1.random(), g2.random(), g1.integers(100), g2.integers(100))
rs = np.random.RandomState(3)
mix = [rs.rand(), rs.randn(), rs.randint(50), rs.randn(), rs.uniform(1, 2), rs.normal(0, 3), rs.randn()]
print(np.round(np.array(mix), 8))
g = np.random.default_rng(12)
print(g.integers(0, 10, 3), g.normal(), g.random(2), g.integers(0, 2**50), g.standard_normal(2).round(8), g.choice(5))
