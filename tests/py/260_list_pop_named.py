# `xs.pop()` on a list the function builds with `[]` and `xs.append`: stacks and work
# lists in native code. The last item comes back and the list gets shorter; a pop from an
# empty list raises IndexError with CPython's message, after the work done before it;
# `xs.pop(i)`, a pop after an iteration has started, and a list that escapes stay with
# the interpreter, and every variant prints what CPython prints.


def reachable(adjacency, start):
    # Depth-first search with an explicit stack over a graph of lists of ints.
    seen = [0] * len(adjacency)
    stack = []
    stack.append(start)
    count = 0
    while stack:
        v = stack.pop()
        if seen[v]:
            continue
        seen[v] = 1
        count += 1
        for w in adjacency[v]:
            if not seen[w]:
                stack.append(w)
    return count


def sum_by_popping(n):
    xs = []
    for i in range(n):
        xs.append(i * 0.5)
    total = 0.0
    while len(xs) > 0:
        total += xs.pop()
    return total, len(xs)


def pop_too_many(n, extra):
    xs = []
    for i in range(n):
        xs.append(i)
    s = 0
    for _ in range(n + extra):
        s += xs.pop()
    return s


def discard_pops(n, k):
    xs = []
    for i in range(n):
        xs.append(i * i)
    for _ in range(k):
        xs.pop()
    return len(xs), xs[-1] if xs else -1, sum(xs)


def pop_grows_past_64_bits(n):
    xs = []
    for i in range(n):
        xs.append(3 ** i)
    p = 1
    while xs:
        p *= xs.pop()
    return p


def pop_front(n):
    xs = []
    for i in range(n):
        xs.append(i)
    s = 0
    while xs:
        s = s * 3 + xs.pop(0)
    return s


def pop_after_iterating(n):
    xs = []
    for i in range(n):
        xs.append(i)
    s = 0
    for x in xs:
        s += x
        if x == 2:
            xs.pop()
    return s, len(xs)


def pop_then_append_again(n):
    xs = []
    moves = 0
    for i in range(n):
        xs.append(i)
        if i % 3 == 2:
            a = xs.pop()
            b = xs.pop()
            xs.append(a + b)
            moves += 1
    return xs[:8], len(xs), moves


def pop_escapes(n, sink):
    xs = []
    for i in range(n):
        xs.append(i)
    sink.append(xs)
    return xs.pop()


# A ring with chords, and an isolated tail.
n = 3000
adjacency = [[(i + 1) % n, (i * 7) % n] for i in range(n)]
for i in range(2000, n):
    adjacency[i] = [i]
for _ in range(6):
    r = reachable(adjacency, 0)
print(r, reachable(adjacency, 2500), reachable([[0]], 0))

for _ in range(6):
    r = sum_by_popping(2000)
print(r, sum_by_popping(0))

for extra in (0, 0, 0, 0, 0, 1, 3):
    try:
        print(pop_too_many(50, extra))
    except IndexError as e:
        print("IndexError:", e)

for _ in range(6):
    r = discard_pops(100, 40)
print(r, discard_pops(5, 5), discard_pops(3, 0))
try:
    discard_pops(2, 3)
except IndexError as e:
    print("IndexError:", e)

for n in (5, 10, 30, 60):
    print(n, pop_grows_past_64_bits(n))

for _ in range(6):
    r = pop_front(12)
print(r)

for _ in range(6):
    r = pop_after_iterating(6)
print(r)

for _ in range(6):
    r = pop_then_append_again(500)
print(r)

kept = []
for _ in range(6):
    r = pop_escapes(10, kept)
print(r, len(kept), kept[0] is kept[1], kept[0][-1])
