# Exact broadcast error messages for comparisons, ufuncs, where, broadcast_to and broadcast_shapes.
import numpy as np
def show(f):
    try:
        r = f()
        print("ok", r.shape)
    except ValueError as e:
        print("ValueError:", e)
a = np.zeros((2, 3))
show(lambda: a == np.ones(4))
show(lambda: np.zeros((5, 4)) < np.zeros((4, 5)))
show(lambda: np.maximum(np.zeros(3), np.zeros((2, 2))))
show(lambda: np.where(np.ones(3, bool), np.zeros(2), 1.0))
show(lambda: np.broadcast_to(np.arange(3), (2, 4)))
show(lambda: np.broadcast_to(np.arange(3), (3, 1)))
print(np.broadcast_shapes((2, 1), (1, 3), (4, 1, 1)), np.broadcast_shapes((), (5,), (1, 1)))
show(lambda: np.zeros((0, 3)) + np.zeros((2, 3)))
show(lambda: np.zeros((0, 3)) + np.zeros((1, 3)))
show(lambda: np.zeros((3, 1, 2)) * np.zeros((4, 1)) - np.zeros((2,)))
show(lambda: np.zeros((1, 2, 3, 4)) + np.zeros((5, 3, 4)))
