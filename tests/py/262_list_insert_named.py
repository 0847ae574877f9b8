# `xs.insert(i, x)` on a list the function builds with `[]`: CPython's index rules (a
# negative index from the end, then clamped to the ends), items moved up in order, growth
# past the first room, and a mix with appends and pops, all in native code; an insert
# of the list into itself or with a non-int index stays with the interpreter.


def sorted_insert(values):
    out = []
    for v in values:
        i = 0
        while i < len(out) and out[i] < v:
            i += 1
        out.insert(i, v)
    return out


def at_every_index(n, where):
    out = []
    for i in range(n):
        out.insert(where, i)
    return out


def front_and_back(n):
    out = []
    for i in range(n):
        if i % 2:
            out.insert(0, i * 1.5)
        else:
            out.append(i * 1.5)
    s = 0.0
    while len(out) > 2:
        s += out.pop()
    return s, out[0], out[1], len(out)


def insert_rows(rows):
    out = []
    for r in rows:
        out.insert(-1, r)
    return [len(r) for r in out]


def insert_bool_index(n):
    out = []
    for i in range(n):
        out.insert(i % 2 == 0, i)
    return out


def insert_itself(n):
    out = []
    for i in range(n):
        out.append(i)
    out.insert(0, out)
    return len(out)


values = [5, 3, 9, 1, 7, 3, 8, 2, 6, 4, 0]
for _ in range(6):
    r = sorted_insert(values)
print(r, sorted_insert([]), sorted_insert([2**40, -1, 2**40]))

for where in (0, 1, 2, -1, -2, -100, 100, 2**62, -2**62):
    for _ in range(3):
        r = at_every_index(7, where)
    print(where, r)

for _ in range(6):
    r = front_and_back(41)
print(r)

big = sorted_insert(list(range(300, 0, -1)))
print(big[:5], big[-5:], len(big))

for _ in range(6):
    r = insert_rows([[1.0], [2.0, 3.0], [], [4.0, 5.0, 6.0]])
print(r)

for _ in range(6):
    r = (insert_bool_index(6), insert_itself(3))
print(r)
