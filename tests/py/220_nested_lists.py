# Lists of lists in native code: n-body style reads and writes through `bodies[i]` and
# `for b in bodies`, the same inner list reachable twice (aliases must see each other's
# writes), empty lists, negative and out-of-range indices (exact IndexError after a
# deoptimization, with the writes made before it), a float error or an int overflow in
# the middle of writes, items whose type changes between calls, and writes during
# iteration.
def advance(bodies, dt, steps):
    n = len(bodies)
    for _ in range(steps):
        for i in range(n):
            bi = bodies[i]
            for j in range(i + 1, n):
                bj = bodies[j]
                dx = bi[0] - bj[0]
                dy = bi[1] - bj[1]
                d2 = dx * dx + dy * dy + 0.01
                mag = dt / (d2 * d2 ** 0.5)
                bi[2] -= dx * bj[4] * mag
                bi[3] -= dy * bj[4] * mag
                bj[2] += dx * bi[4] * mag
                bj[3] += dy * bi[4] * mag
        for b in bodies:
            b[0] += dt * b[2]
            b[1] += dt * b[3]


def energy(bodies):
    e = 0.0
    for i in range(len(bodies)):
        bi = bodies[i]
        e += 0.5 * bi[4] * (bi[2] * bi[2] + bi[3] * bi[3])
        for j in range(i + 1, len(bodies)):
            bj = bodies[j]
            e -= bi[4] * bj[4] / ((bi[0] - bj[0]) ** 2 + (bi[1] - bj[1]) ** 2 + 0.01) ** 0.5
    return e


def bump_rows(grid):
    for r in grid:
        r[0] += 1.0
        r[-1] *= 2.0
    return len(grid)


def bump_both(grid, row):
    for r in grid:
        r[1] += 10.0
    row[1] += 100.0
    return grid[0][1] + row[1]


def corner_sum(grid):
    return grid[0][0] + grid[-1][-1] + grid[-len(grid)][-len(grid[0])]


def scale_then_read(grid, k):
    for r in grid:
        r[0] *= 2.0
    return grid[k][0]


def scale_then_store(grid, k, v):
    for r in grid:
        r[0] *= 3.0
    grid[0][k] = v
    return grid[0][0]


def divide_rows(grid):
    for r in grid:
        r[0] = r[0] / r[1]
    return grid[0][0]


def square_rows(grid):
    for r in grid:
        r[0] = r[0] * r[0]
    return len(grid)


def sum_all(grid):
    s = 0.0
    for r in grid:
        for x in r:
            s += x
    return s


def count_items(grid):
    c = 0
    for i in range(len(grid)):
        for j in range(len(grid[i])):
            c += 1
    return c


def write_ahead(grid):
    t = 0.0
    for r in grid:
        t += r[0]
        grid[-1][0] = t
    return t


bodies = [[0.0, 0.0, 0.0, 0.0, 10.0], [1.0, 0.0, 0.0, 1.0, 0.1], [0.0, 2.0, -0.7, 0.0, 0.2], [-3.0, 0.5, 0.0, -0.4, 0.05]]
print(f"{energy(bodies):.12f}")
for _ in range(12):
    advance(bodies, 0.01, 50)
print(f"{energy(bodies):.12f}")
print([[round(x, 9) for x in b] for b in bodies])

# The same inner list twice, and as a separate argument.
row = [1.0, 2.0, 3.0]
grid = [row, [5.0, 6.0, 7.0], row]
for _ in range(12):
    bump_rows(grid)
print(grid, grid[0] is grid[2])
for _ in range(12):
    r = bump_both(grid, row)
print(r, grid)
for _ in range(12):
    r = bump_both(grid, grid[1])
print(r, grid)

# Empty lists.
for _ in range(12):
    r = (bump_rows([]), sum_all([]), count_items([]), sum_all([[], [1.5]]), count_items([[], []]))
print(r)

# Negative indices, and out of range with the writes made before the error.
g = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
for _ in range(12):
    r = corner_sum(g)
print(r)
for k in (2, -3, 3, -4, 10):
    try:
        print(scale_then_read(g, k), g)
    except IndexError as e:
        print("IndexError:", e, g)
for k in (1, -2, 2, -3):
    try:
        print(scale_then_store(g, k, 0.5), g)
    except IndexError as e:
        print("IndexError:", e, g)
try:
    for _ in range(12):
        corner_sum([[1.0], []])
except IndexError as e:
    print("IndexError:", e)

# A float error in the middle of writes: the rows before it are written.
d = [[6.0, 3.0], [8.0, 2.0], [1.0, 0.0], [9.0, 3.0]]
for _ in range(3):
    try:
        print(divide_rows(d), d)
    except ZeroDivisionError as e:
        print("ZeroDivisionError", d)

# Ints that leave 64 bits in the middle of writes.
big = [[3, 1], [2**31, 1], [7, 1]]
for _ in range(3):
    print(square_rows(big), big)

# Item types that change between calls.
t = [[1.0, 2.0], [3.0, 4.0]]
for i in range(12):
    if i == 6:
        t[1][0] = 30
    if i == 9:
        t[0] = [7, 8]
    print(sum_all(t), end=" ")
print()
t[1] = (1.0, 2.0)
print(sum_all(t))

# Writes during iteration reach the items iterated later.
w = [[1.0], [2.0], [3.0]]
for _ in range(5):
    print(write_ahead(w), w)

# Three levels of lists stay correct (interpreted).
deep = [[[1.0, 2.0]], [[3.0]]]
for _ in range(12):
    r = count_items(deep)
print(r)
