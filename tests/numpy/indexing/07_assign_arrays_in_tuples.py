# Assignment through an integer array or mask inside a tuple index; a complex scalar
# assigned into a real array is refused as NumPy refuses it.
import io
import numpy as np

m = np.zeros((3, 3))
print(m[1, [0, 2]])
m[:, [0, 2]] = 1
m[1, [0, 2]] = 5
m[1, np.array([True, False, True])] = 2
print(m)
t = np.arange(24).reshape(2, 3, 4)
t[1, :, [0, 3]] = -1
t[:, [2, 0], 1] = np.array([[100, 200], [300, 400]])
print(t)
v = np.zeros((4, 4))[::2, ::-1]
v[:, [1]] = np.array([[7.0], [8.0]])
print(v)
try:
    m[:, [0, 2]] = np.ones(4)
except ValueError as e:
    print("ValueError:", e)
for dt in (np.int16, np.float64, np.uint8):
    a = np.zeros(4, dtype=dt)
    for key in (0, slice(0, 2), [0, 1]):
        try:
            a[key] = 1j
        except TypeError as e:
            print(dt.__name__, "TypeError:", e)
c = np.zeros(2, dtype=complex)
c[[0]] = 1j
print(c)
f = io.BytesIO()
np.save(f, np.arange(3))
np.save(f, np.ones((2, 2)))
f.seek(0)
print(np.load(f), np.load(f))
