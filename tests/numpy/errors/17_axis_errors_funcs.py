# AxisError messages from many functions: reductions, scans, sort, argmax, stack, expand_dims, squeeze.
import numpy as np
a = np.arange(6).reshape(2, 3)
cases = [
    ("sum", lambda: np.sum(a, axis=2)),
    ("mean", lambda: np.mean(a, axis=-3)),
    ("cumsum", lambda: np.cumsum(a, axis=2)),
    ("argmax", lambda: np.argmax(a, axis=3)),
    ("min", lambda: a.min(axis=(0, 2))),
    ("sort", lambda: np.sort(a, axis=2)),
    ("argsort", lambda: np.argsort(a, axis=-3)),
    ("stack", lambda: np.stack([a, a], axis=4)),
    ("expand_dims", lambda: np.expand_dims(a, 3)),
    ("squeeze", lambda: np.squeeze(np.zeros((1, 2)), axis=2)),
    ("flip", lambda: np.flip(a, axis=2)),
    ("any", lambda: np.any(a, axis=-5)),
    ("std", lambda: np.std(a, axis=2)),
    ("vec", lambda: np.arange(3).sum(axis=1)),
]
for name, f in cases:
    try:
        f()
        print(name, "no error")
    except np.exceptions.AxisError as e:
        print(name, "AxisError:", e)
try:
    np.squeeze(np.zeros((1, 2)), axis=1)
except ValueError as e:
    print("ValueError:", e)
print(np.exceptions.AxisError(5, 2), "|", np.exceptions.AxisError(-4, 3, "myprefix"))
