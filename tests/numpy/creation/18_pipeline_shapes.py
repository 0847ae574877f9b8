# Creation routines chained: arange/linspace into tile, repeat, roll, flip, expand_dims, squeeze.
import numpy as np
x = np.linspace(0, 1, 4)
g = np.tile(np.expand_dims(x, 0), (3, 1))
print(repr(g), g.shape)
print(repr(np.roll(g, 1, axis=0)), repr(np.roll(g, -1, axis=1)), repr(np.roll(np.roll(g, 1, axis=0), 2, axis=1)))
r = np.repeat(np.arange(3, dtype=np.int16), [3, 0, 2])
print(repr(r), repr(np.repeat(np.arange(4).reshape(2, 2), 2)), repr(np.repeat(np.array([[1, 2]]), [2], axis=0)))
e = np.expand_dims(np.expand_dims(np.arange(6).reshape(2, 3), 0), 3)
print(e.shape, np.squeeze(e).shape, np.squeeze(e, axis=0).shape, np.squeeze(e, axis=(0, 3)).shape, np.expand_dims(7, 0))
print(repr(np.flip(np.arange(24).reshape(2, 3, 4), axis=(0, 2))[0]), repr(np.flip(np.arange(6).reshape(2, 3), 1)))
print(repr(np.tile(np.array([[1, 2], [3, 4]]), (2, 1, 2))), repr(np.tile(np.array(5.0), 3)), repr(np.tile(np.arange(2), 0)))
print(repr(np.roll(np.arange(6).reshape(2, 3), 7)), repr(np.roll(np.array([]), 3)), repr(np.roll(np.arange(4), -5)))
print(repr(np.atleast_2d(np.arange(3))), repr(np.atleast_1d(np.float64(2))), repr(np.atleast_2d(5)))
