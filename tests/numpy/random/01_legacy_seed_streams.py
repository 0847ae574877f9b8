# The legacy API on MT19937: seeding by an int and by a key, doubles, repr of scalars.
import numpy as np
np.random.seed(0)
print(np.random.rand(5))
print(repr(np.random.rand()), repr(np.random.random()), repr(np.random.random_sample()))
print(np.random.rand(2, 3))
np.random.seed(2**32 - 1)
print(np.random.random((2, 2)))
np.random.seed([1, 2, 3])
print(np.random.random(4))
np.random.seed(np.array([7, 0, 2**32 - 1]))
print(np.random.random(2))
for bad in (-1, 2**32, [0, -1], []):
    try:
        np.random.seed(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
