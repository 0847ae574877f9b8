# Generator choice (Floyd's algorithm, tail shuffle), shuffle and permutation.
import numpy as np
g = np.random.default_rng(77)
print(g.choice(10), g.choice(10, 4), g.choice(10, 4, replace=False))
print(g.choice(20000, 5, replace=False), g.choice(20000, 500, replace=False)[:6])
print(g.choice(20000, 300, replace=False, shuffle=False)[:5], g.choice(20000, 900, replace=False, shuffle=False)[:5])
print(g.choice([3.5, 1.25, 9.0], size=5), g.choice(4, size=6, p=[0.1, 0.2, 0.3, 0.4]))
print(repr(g.choice([1, 2, 3])), repr(g.choice(7)))
lst = list("abcdefgh")
g.shuffle(lst)
print(lst)
a = np.arange(9)
g.shuffle(a)
print(a)
m = np.arange(12).reshape(4, 3)
g.shuffle(m)
print(m)
print(g.permutation(10), g.permutation(np.array([1.5, 2.5, 3.5])))
try:
    g.choice(3, 4, replace=False)
except ValueError as e:
    print("ValueError", e)
