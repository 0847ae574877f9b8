# Lifted loops that nothing compiles for give up after enough turned-down entries, and
# their call sites then jump straight to the loop as written. Every kind of loop keeps
# running exactly as written afterwards: for over range (with a counting copy), for over
# a list, while, with break, continue, else, return, exceptions, nested loops, at module
# level, in methods, under tracing, and one code run in two namespaces.
import sys
import types


class Box:
    def __init__(self, v):
        self.v = v

    def __add__(self, other):
        return Box(self.v + (other.v if isinstance(other, Box) else other))

    def __rmul__(self, other):
        return Box(self.v * other)

    def __radd__(self, other):
        return Box(self.v + other)

    def __repr__(self):
        return f"Box({self.v})"


def range_sum(xs):
    s = 0
    for i in range(len(xs)):
        s = xs[i] + s
    return s


def list_sum(xs):
    s = 0
    for x in xs:
        s = x + s
    return s


def while_sum(xs):
    s = 0
    i = 0
    while i < len(xs):
        s = xs[i] + s
        i += 1
    return s


def early(xs, stop):
    for i in range(len(xs)):
        if xs[i].v == stop:
            return i
        if xs[i].v < 0:
            break
    else:
        return -1
    return -2


def skipping(xs):
    total = 0
    for i in range(len(xs)):
        if xs[i].v % 2:
            continue
        total = xs[i] + total
    else:
        total = total + 1000
    return total


def raising(xs, at):
    s = 0
    for i in range(len(xs)):
        if i == at:
            raise ValueError(f"stop at {i}: {s!r}")
        s = xs[i] + s
    return s


def nested(rows):
    out = 0
    for r in range(len(rows)):
        row = rows[r]
        acc = 0
        for k in range(3):
            acc += k * r
        out = row + out + acc
    return out


class Acc:
    def __init__(self):
        self.items = [Box(1), Box(2), Box(3)]

    def total(self):
        s = 0
        for i in range(len(self.items)):
            s = self.items[i] + s
        return s


boxes = [Box(i) for i in range(5)]
results = []
for rep in range(300):
    results.append(
        (
            range_sum(boxes).v,
            list_sum(boxes).v,
            while_sum(boxes).v,
            early(boxes, rep % 7),
            skipping(boxes).v,
            nested(boxes).v,
            Acc().total().v,
        )
    )
    try:
        raising(boxes, rep % 6)
    except ValueError as exc:
        results.append(str(exc))
print(len(results), results[:3], results[-3:])
print(sum(r[0] for r in results if isinstance(r, tuple)))
print([r for r in results if isinstance(r, str)][-6:])

# Module level: the inner loop is lifted and gives up; the outer one runs 300 times.
grand = Box(0)
for rep in range(300):
    for j in range(4):
        grand = grand + boxes[j]
    if rep == 299:
        print("module", grand)

# The same code in another namespace, where it compiles: the first namespace's loop gives
# up, the second one's keeps running natively, and both print what CPython prints.
def scaled(n):
    s = 0
    for i in range(n):
        s += i * SCALE
    return s


SCALE = Box(2)
other = types.FunctionType(scaled.__code__, {"SCALE": 3, "range": range})
mixed = []
for rep in range(200):
    mixed.append(scaled(5))
    mixed.append(other(5 + rep % 3))
print(mixed[:6], sum(mixed[1::2]), mixed[-2:])

# Tracing after the sites were bypassed: the trace sees the lines as written.
events = []


def tracer(frame, event, arg):
    if frame.f_code.co_name in ("range_sum", "list_sum") and event == "line":
        events.append((frame.f_code.co_name, frame.f_lineno - frame.f_code.co_firstlineno))
    return tracer


sys.settrace(tracer)
range_sum(boxes[:2])
list_sum(boxes[:2])
sys.settrace(None)
print(events)

# A traceback from inside a bypassed loop names the loop's own line.
try:
    raising(boxes, 3)
except ValueError:
    import traceback

    tb = traceback.extract_tb(sys.exc_info()[2])
    print([(frame.name, frame.line) for frame in tb])
