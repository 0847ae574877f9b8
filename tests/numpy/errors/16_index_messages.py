# IndexError messages: per-axis bounds in 3-d arrays, negative indices, too many indices, float indices.
import numpy as np
a = np.arange(24).reshape(2, 3, 4)
for key in [(2,), (0, 3), (0, 0, 4), (-3,), (0, -4), (1, 2, -5), (0, 0, 0, 0), (slice(None), 5),
            (Ellipsis, 4), (Ellipsis, 0, 0, 0, 0)]:
    try:
        print(key, a[key])
    except IndexError as e:
        print("IndexError:", e)
for key in [1.0, (0, 1.5), "x", None]:
    try:
        r = a[key]
        print("ok", r.shape)
    except IndexError as e:
        print("IndexError:", e)
e = np.zeros(0)
try:
    e[0]
except IndexError as err:
    print("IndexError:", err)
try:
    np.array(3.0)[0]
except IndexError as err:
    print("IndexError:", err)
try:
    a[0, 0][7] = 1
except IndexError as err:
    print("IndexError:", err)
print(a[-2, -3, -4], a[1, 2][-1], a[..., -1][-1])
