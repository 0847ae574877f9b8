# Legacy uniform, choice (with and without replacement, with probabilities), shuffle, permutation.
import numpy as np
rs = np.random.RandomState(2024)
print(rs.uniform(size=3), repr(rs.uniform(-5, 5)), rs.uniform(1, 1, 2))
print(rs.choice(10), rs.choice(10, 5), rs.choice(10, 5, replace=False))
print(rs.choice([1.5, 2.5, 3.5]), rs.choice(np.array([10, 20, 30, 40]), size=(2, 3)))
print(rs.choice(5, 8, p=[0.1, 0.2, 0.3, 0.2, 0.2]))
print(repr(rs.choice(4, p=[0.25, 0.25, 0.25, 0.25])))
lst = list(range(12))
rs.shuffle(lst)
print(lst)
a = np.arange(10.0)
rs.shuffle(a)
print(a)
m = np.arange(15).reshape(5, 3)
rs.shuffle(m)
print(m)
print(rs.permutation(8), rs.permutation([5, 6, 7, 8]), rs.permutation(np.arange(6).reshape(3, 2)))
for args, kw in (((0, 3), {}), ((3, 5), {"replace": False}), ((3,), {"p": [0.5, 0.6, 0.1]}), ((3,), {"p": [0.5, 0.5]})):
    try:
        rs.choice(*args, **kw)
    except ValueError as e:
        print("ValueError", e)
try:
    rs.uniform(0, float("inf"))
except OverflowError as e:
    print("OverflowError", e)
