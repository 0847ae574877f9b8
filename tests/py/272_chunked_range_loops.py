# Innermost `for ... in range` loops poll once per chunk of 4096 trips, and a chunk
# whose indices all lie in bounds runs without its bounds checks. Every case sits on an
# edge of that: indices leaving the sequence at the last trip of a chunk or the first of
# the next, negative indices (which wrap, and take the checked loop), steps whose
# products wrap around 64 bits, empty and one-trip ranges, and writes before an index
# that leaves. Each call must print, raise and leave its bytearray or list as CPython's
# would.

CHUNK = 4096


def total(data, start, stop, step):
    s = 0
    for i in range(start, stop, step):
        s += data[i]
    return s


def mark(flags, start, stop, step):
    for j in range(start, stop, step):
        flags[j] = 0
    return len(flags)


def weighted(xs, ys, n):
    acc = 0.0
    for k in range(n):
        acc += xs[k] * ys[n - 1 - k]
    return acc


def shifted(xs, n, offset):
    s = 0
    for k in range(n):
        s += xs[k + offset]
    return s


def attempt(label, f, *args):
    try:
        print(label, f(*args))
    except IndexError as e:
        print(label, "IndexError:", e)


size = 3 * CHUNK + 100
data = bytearray((i * 7) % 251 for i in range(size))
cases = [
    (0, size, 1),
    (0, size, 3),
    (size - 1, -1, -1),
    (size - 1, -size - 1, -1),
    (-size, 0, 1),
    (-5, 5, 1),
    (0, size + 1, 1),
    (CHUNK, size + CHUNK, 1),
    (size - CHUNK, size + 1, 1),
    (0, CHUNK + 1, 1),
    (size, size + 3, 1),
    (-size - 1, 0, 1),
    (0, 3 * 2**61, 2**61),
    (1, 2**63 - 1, 2**62 - 1),
    (0, 0, 1),
    (7, 8, 1),
    (0, size, CHUNK),
    (size - 1, 0, -CHUNK),
]
for round in range(3):
    for start, stop, step in cases:
        attempt(f"total {start} {stop} {step}", total, data, start, stop, step)

for start, stop, step in [(4, 2 * CHUNK, 2), (9, size + 40, 3), (-2 * CHUNK, -CHUNK, 5), (size - 3, size + 3, 1)]:
    for round in range(3):
        flags = bytearray([1]) * size
        attempt(f"mark {start} {stop} {step}", mark, flags, start, stop, step)
        print(sum(flags), flags.count(0), flags[start % size])

xs = [float(i % 17) for i in range(2 * CHUNK + 3)]
ys = [float(i % 5) - 2.0 for i in range(2 * CHUNK + 3)]
for n in [0, 1, CHUNK, CHUNK + 1, 2 * CHUNK + 3, 2 * CHUNK + 4]:
    for round in range(3):
        attempt(f"weighted {n}", weighted, xs, ys, n)

ints = list(range(3 * CHUNK))
for n, offset in [(CHUNK, 0), (CHUNK, 2 * CHUNK), (CHUNK, 2 * CHUNK + 1), (2 * CHUNK, -CHUNK), (CHUNK, -3 * CHUNK), (CHUNK, -3 * CHUNK - 1)]:
    for round in range(3):
        attempt(f"shifted {n} {offset}", shifted, ints, n, offset)
