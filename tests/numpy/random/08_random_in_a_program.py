# A Monte Carlo estimate and a random walk, as scripts write them.
import numpy as np
np.random.seed(1)
n = 20000
pts = np.random.random((n, 2))
inside = ((pts * pts).sum(axis=1) <= 1.0).sum()
print("pi ~", 4.0 * inside / n)
steps = np.random.choice([-1, 1], size=1000)
walk = 0
peak = 0
for s in steps.tolist():
    walk += s
    peak = max(peak, walk)
print("walk", walk, "peak", peak)
rng = np.random.default_rng(8)
samples = rng.integers(1, 7, size=(6000, 2)).sum(axis=1)
counts = [int((samples == k).sum()) for k in range(2, 13)]
print(counts)
