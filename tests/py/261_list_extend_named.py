# `xs.extend(ys)` on a list the function builds with `[]`: the items of another list
# appended in order, in native code, mixed with appends and pops. An extension by the list
# itself, by a tuple, or of a list that escapes stays with the interpreter, and every
# variant prints what CPython prints.


def flatten(rows):
    out = []
    for r in rows:
        out.extend(r)
        out.append(-1.0)
    return out


def flatten_count(rows):
    out = []
    for r in rows:
        out.extend(r)
    return len(out), sum(out), out[-1] if out else 0


def grow_by_doubling(n):
    out = []
    for i in range(n):
        out.append(i)
        if len(out) < 100:
            tail = []
            for k in range(len(out)):
                tail.append(out[k] * 2)
            out.extend(tail)
    return len(out), out[:10], out[-3:]


def extend_then_pop(rows, k):
    out = []
    for r in rows:
        out.extend(r)
    s = 0
    for _ in range(k):
        s += out.pop()
    return s, len(out)


def extend_by_itself(n):
    out = []
    for i in range(n):
        out.append(i)
    out.extend(out)
    return len(out)


def extend_by_tuple(n):
    out = []
    for i in range(n):
        out.extend((i, -i))
    return out


def extend_escapes(rows, sink):
    out = []
    for r in rows:
        out.extend(r)
    sink.append(out)
    return len(out)


rows = [[1.0, 2.0], [], [3.5], [4.25, 5.0, 6.5]]
for _ in range(6):
    r = flatten(rows)
print(r, flatten([]), flatten([[]]))

ints = [[i, i * i] for i in range(300)]
for _ in range(6):
    r = flatten_count(ints)
print(r, flatten_count([]), flatten_count([[7]]))

for _ in range(6):
    r = grow_by_doubling(20)
print(r)

for k in (3, 3, 3, 3, 3, 3, 8, 9):
    try:
        print(extend_then_pop([[1, 2, 3], [4], [], [5, 6, 7, 8]], k))
    except IndexError as e:
        print("IndexError:", e)

# An int that leaves 64 bits after the extension: the sum is the interpreter's.
for _ in range(6):
    r = flatten_count([[2**62, 2**62], [1]])
print(r)

for _ in range(6):
    r = (extend_by_itself(5), extend_by_tuple(3))
print(r)

kept = []
for _ in range(6):
    r = extend_escapes([[1, 2], [3]], kept)
print(r, len(kept), kept[0] == kept[5], kept[0] is kept[5])
