# Module globals holding containers, read inside hot loops: a list of lists of floats, a
# dict of counts, a bytearray, a tuple, an object with fields (issue 18: such a function
# stayed in the interpreter, "`BODIES` is not a global pynum can compile against").
# Automatic mode passes what the global holds at each call to native code as an extra
# argument, copied in and written back as an argument is. Every way the program can
# change the global must show: writes through it, a rebinding to another list, to
# another item type, `del`, the same list passed as an argument too, an IndexError in
# the middle of a loop that wrote to it.

BODIES = [[float(i), float(i) * 0.5, 1.0 + i, 0.0] for i in range(40)]
COUNTS = {}
FLAGS = bytearray(64)
ORIGIN = (1.5, -2.0)


class Grid:
    def __init__(self, n):
        self.n = n
        self.cells = [0] * (n * n)


GRID = Grid(20)


def energy():
    e = 0.0
    for b in BODIES:
        e += 0.5 * b[2] * (b[0] * b[0] + b[1] * b[1])
    return e


def drift(dt):
    for b in BODIES:
        b[0] += dt * b[1]
        b[3] += 1.0
    return len(BODIES)


def count(words):
    for w in words:
        COUNTS[w] = COUNTS.get(w, 0) + 1
    return len(COUNTS)


def mark(step):
    for i in range(0, len(FLAGS), step):
        FLAGS[i] = (FLAGS[i] + 1) % 256
    return sum(FLAGS)


def shifted(n):
    s = 0.0
    for i in range(n):
        s += ORIGIN[0] * i + ORIGIN[1]
    return s


def fill(v):
    for i in range(GRID.n * GRID.n):
        GRID.cells[i] += v
    return GRID.cells[0], len(GRID.cells)


def first_over(limit):
    t = 0
    for i in range(1000):
        BODIES[i][3] = -1.0
        t += 1
        if BODIES[i][0] > limit:
            return t
    return t


words = [k % 13 for k in range(3000)]
for rep in range(30):
    e = energy()
    d = drift(0.01)
    c = count(words)
    m = mark(1 + rep % 3)
    s = shifted(500)
    f = fill(rep)
print("energy", e, "drift", d, BODIES[5], "count", c, COUNTS[3], "mark", m, "shifted", s, "fill", f)

# Rebound to another list of the same type: the next call reads the new one.
BODIES = [[1.0, 2.0, 3.0, 4.0]] * 3
print("rebound", energy(), drift(0.5), BODIES[0], BODIES[1] is BODIES[2])

# To lists of ints, then to something native code does not take.
BODIES = [[1, 2, 3, 4] for _ in range(5)]
print("ints", energy(), drift(1))
BODIES = None
try:
    energy()
except TypeError as e:
    print("TypeError", e)

# Deleted, then bound again.
del COUNTS
try:
    count(words)
except NameError as e:
    print("NameError", e)
COUNTS = {"x": 1}
try:
    count(words)
except Exception as e:
    print(type(e).__name__)
COUNTS = {}
print("counts again", count(words), sorted(COUNTS.items())[:3])

# An IndexError past the end after writes: the interpreter leaves what CPython leaves.
BODIES = [[float(i), 0.0, 1.0, 0.0] for i in range(30)]
try:
    print(first_over(100.0))
except IndexError as e:
    print("IndexError", e, sum(b[3] for b in BODIES))
print("first_over", first_over(3.5), [b[3] for b in BODIES[:6]])


# The same list as the global and as an argument.
def both(xs):
    t = 0.0
    for i in range(len(xs)):
        xs[i][1] += 1.0
        t += BODIES[i][1]
    return t


for _ in range(20):
    r = both(BODIES)
print("aliased", r, BODIES[0], BODIES[29])
