# where (three arguments with promotion and broadcasting, one argument), nonzero, clip.
import numpy as np
a = np.arange(-3, 4)
print(np.where(a > 0, a, 0), np.where(a > 0, 1.5, a), np.where(a % 2 == 0, a, -a))
m = np.arange(6).reshape(2, 3)
print(np.where(m > 2, m, np.array([10, 20, 30])), np.where([[True], [False]], 1, 2))
print(np.where(a > 0), np.nonzero(m), m.nonzero(), np.flatnonzero(m % 2), np.argwhere(m > 3))
print(np.where(np.array([True, False]), np.int8(1), 100).dtype, np.where(True, 1.0, 2.0), np.where(a < 0, True, False))
print(np.clip(a, -1, 2), np.clip(np.linspace(0, 1, 5), 0.2, 0.7), a.clip(0), np.clip(a, None, 1))
print(np.clip(np.arange(5), 0.5, 2.5), np.clip(np.array([np.nan, 1.0]), 0, 0.5))
print(np.count_nonzero(m), np.count_nonzero(m, axis=0), np.count_nonzero(np.array([0.0, -0.0, 1e-300])))
print(np.bincount(np.array([0, 1, 1, 3, 2, 1, 7])), np.bincount([1, 1, 2], minlength=5), np.bincount(np.array([0, 2, 2]), weights=[0.5, 1.0, 2.5]))
print(np.bincount(np.array([], dtype=np.int64)), np.bincount(np.array([3], dtype=np.uint8)).dtype)
for bad in ([-1, 2], [[1, 2]]):
    try:
        np.bincount(bad)
    except ValueError as e:
        print("ValueError", e)
