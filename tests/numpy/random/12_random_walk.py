# A seeded simulation: random walks from both APIs, summarised with reductions and scans.
import numpy as np
rs = np.random.RandomState(5)
steps = rs.choice([-1, 1], size=(4, 20))
walks = steps.cumsum(axis=1)
print(walks[:, -1], walks.max(axis=1), walks.min(axis=1), walks.argmax(axis=1))
print((walks == 0).sum(axis=1), np.abs(walks).mean())
g = np.random.default_rng(5)
u = g.random((3, 1000))
print(np.round(u.mean(axis=1), 6), np.round(u.std(axis=1), 6), (u < 0.5).sum(axis=1))
pts = g.uniform(-1, 1, size=(2000, 2))
inside = (pts ** 2).sum(axis=1) <= 1
print(inside.sum(), "%.4f" % (4 * inside.mean()))
n = g.normal(10, 2, size=500)
print("%.6f %.6f" % (n.mean(), n.std(ddof=1)), np.sort(n)[:3].round(4))
d = g.integers(1, 7, size=(600, 2)).sum(axis=1)
print(np.bincount(d), np.unique(d, return_counts=True)[1].max())
