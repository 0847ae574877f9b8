# Instances of plain classes in native code (issue 18, item 3): attribute reads and
# writes on objects whose __dict__ holds ints and floats (and lists), lists of them,
# aliasing, deoptimization in the middle of the writes, and every way a class or an
# instance can stop being plain between calls (a property, __setattr__, __getattr__,
# __slots__, a new attribute, a changed __class__, a changed field type).
import math


class Body:
    def __init__(self, x, y, vx, vy, mass):
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy
        self.mass = mass


def energy(bodies):
    e = 0.0
    for b in bodies:
        e += 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy)
    return e


def advance(bodies, dt, n):
    for _ in range(n):
        for i in range(len(bodies)):
            b1 = bodies[i]
            for j in range(i + 1, len(bodies)):
                b2 = bodies[j]
                dx = b1.x - b2.x
                dy = b1.y - b2.y
                d2 = dx * dx + dy * dy + 0.01
                mag = dt / (d2 * math.sqrt(d2))
                b1.vx -= dx * b2.mass * mag
                b1.vy -= dy * b2.mass * mag
                b2.vx += dx * b1.mass * mag
                b2.vy += dy * b1.mass * mag
        for b in bodies:
            b.x += dt * b.vx
            b.y += dt * b.vy


def report(bodies):
    print(["%.12f %.12f %.12f %.12f" % (b.x, b.y, b.vx, b.vy) for b in bodies])


bodies = [Body(float(i), 0.5 * i * i, 0.25, -0.125 * i, 1.0 + i) for i in range(5)]
for step in range(4):
    print("energy", repr(energy(bodies)))
    advance(bodies, 0.01, 50)
report(bodies)


# The same object twice: one copy, so a write through one name is read through the other.
class Counter:
    def __init__(self, n):
        self.n = n
        self.total = 0


def bump_both(a, b, k):
    for i in range(k):
        a.n += 1
        b.total += a.n
    return a.n + b.total


c = Counter(1)
print(bump_both(c, c, 10), c.n, c.total)
d = Counter(5)
print(bump_both(c, d, 3), c.n, c.total, d.n, d.total)
pair = [c, d, c]


def sum_ns(items):
    s = 0
    for it in items:
        it.n += 1
        s += it.n
    return s


print(sum_ns(pair), c.n, d.n)


# A deoptimization in the middle of the writes: the int overflows 64 bits after some
# fields were written; the interpreter runs the call again from its start and leaves
# every object as CPython does (no field written twice, none lost).
def grow(objs, times):
    for t in range(times):
        for o in objs:
            o.total += o.n
            o.n *= 3
    return objs[0].n


big = [Counter(7), Counter(11)]
print(grow(big, 5), [(o.n, o.total) for o in big])
print(grow(big, 60), [(o.n, o.total) for o in big])


# An exception after writes: CPython leaves the writes before it.
def divide_all(objs, k):
    for o in objs:
        o.total = o.n // k
        o.n = o.n % k
    return len(objs)


objs = [Counter(10), Counter(20)]
print(divide_all(objs, 3), [(o.n, o.total) for o in objs])
try:
    divide_all(objs, 0)
except ZeroDivisionError:
    print("ZeroDivisionError", [(o.n, o.total) for o in objs])


# Floats that are written back must keep their sign, NaN and infinities.
class P:
    def __init__(self, x):
        self.x = x


def negate(points):
    for p in points:
        p.x = -p.x
    return points[0].x


ps = [P(0.0), P(float("inf")), P(float("nan")), P(-2.5)]
print(negate(ps), [repr(p.x) for p in ps])
print(negate(ps), [repr(p.x) for p in ps])


# Returning an object hands back the object itself.
def first_heavy(bodies, limit):
    for b in bodies:
        if b.mass > limit:
            return b
    return bodies[0]


h = first_heavy(bodies, 2.5)
print(h is bodies[2], h.mass)


# A field of another type stays as Python stores it: an int field given a float.
def to_half(objs):
    for o in objs:
        o.n = o.n / 2
    return objs[0].n


halves = [Counter(3), Counter(4)]
print(to_half(halves), [repr(o.n) for o in halves])
print(to_half(halves), [repr(o.n) for o in halves])


# A list field: its items are read natively, and written back through its own copy.
class Poly:
    def __init__(self, coefficients):
        self.coefficients = coefficients
        self.degree = len(coefficients) - 1


def evaluate(poly, x):
    acc = 0.0
    for i in range(poly.degree, -1, -1):
        acc = acc * x + poly.coefficients[i]
    return acc


def scale(poly, k):
    for i in range(len(poly.coefficients)):
        poly.coefficients[i] *= k
    return poly.coefficients[0]


q = Poly([1.0, -2.0, 0.5])
for x in (0.0, 1.0, 2.5, -3.0):
    print("poly", x, evaluate(q, x))
print(scale(q, 2.0), q.coefficients)


# The class gains a property for one of the fields between calls: reads go through it.
def total_x(points):
    s = 0.0
    for p in points:
        s += p.x
    return s


pts = [P(1.5), P(2.5), P(-1.0)]
for _ in range(3):
    print("total", total_x(pts))
shadowed = [P(1.0), P(2.0)]
P.x = property(lambda self: 100.0)
print("with property", total_x(shadowed))
del P.x
print("without property", total_x(pts))


# __setattr__ and __getattr__ added to the class: every write and read sees them.
class Logged:
    def __init__(self, v):
        self.v = v


def double_all(items):
    for it in items:
        it.v = it.v * 2
    return items[0].v


logged = [Logged(1), Logged(2)]
for _ in range(3):
    print("double", double_all(logged))


def noisy_setattr(self, name, value):
    print("set", name, value)
    object.__setattr__(self, name, value)


Logged.__setattr__ = noisy_setattr
print("double", double_all(logged))
del Logged.__setattr__
print("double", double_all(logged))


class WithGetattr:
    def __init__(self, v):
        self.v = v

    def __getattr__(self, name):
        return 42


print("getattr", double_all([WithGetattr(3), WithGetattr(4)]))


# __slots__ instances have no __dict__; a subclass mixed into a list makes two classes.
class Slotted:
    __slots__ = ("v",)

    def __init__(self, v):
        self.v = v


print("slots", double_all([Slotted(5), Slotted(6)]))


class SubLogged(Logged):
    pass


print("mixed", double_all([Logged(1), SubLogged(2), Logged(3)]))


# An instance that gains an attribute, or whose class changes, is another type.
extra = Logged(10)
extra.note = "text"
print("extra", double_all([extra]), extra.note)
moved = Logged(7)
moved.__class__ = SubLogged
print("moved", double_all([moved]), type(moved).__name__)


# Bool fields: read as conditions, written from comparisons and `not`; an int stored
# into one makes it an int (typing leaves that function to the interpreter).
class Flag:
    def __init__(self, on, weight):
        self.on = on
        self.weight = weight


def weigh(flags):
    s = 0.0
    for f in flags:
        if f.on:
            s += f.weight
    return s


flags = [Flag(True, 1.5), Flag(False, 2.0), Flag(True, 0.25)]
print("flags", weigh(flags))


def toggle(flags, limit):
    count = 0
    for f in flags:
        f.on = not f.on
        if f.weight > limit:
            f.on = f.weight > 2 * limit
        if f.on:
            count += 1
    return count


def flag_to_int(flags):
    for f in flags:
        f.on = 1 if f.on else 0
    return flags[0].on


for limit in (0.1, 1.0, 5.0):
    print("toggle", toggle(flags, limit), [(f.on, type(f.on).__name__) for f in flags], weigh(flags))
print("to int", flag_to_int(flags), [repr(f.on) for f in flags])


# A missing attribute raises AttributeError with CPython's message.
def read_y(points):
    s = 0.0
    for p in points:
        s += p.y
    return s


try:
    read_y([P(1.0)])
except AttributeError as e:
    print("AttributeError", e)


# Two instances sharing one __dict__ have one set of attributes: a write through one is
# read through the other (the call runs in the interpreter).
class Shared:
    pass


def write_b_read_a(a, b):
    b.x = 7
    return a.x


def bump_items(items):
    for o in items:
        o.x += 1
    return items[0].x


sa = Shared()
sa.x = 1
sb = Shared()
sb.__dict__ = sa.__dict__
for _ in range(4):
    sa.x = 1
    print("shared", write_b_read_a(sa, sb), sa.x, sb.x, bump_items([sa, sb]), sb.x)
