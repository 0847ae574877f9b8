# The LIR range pass gives a function with loops a copy without the overflow checks its
# ranges rule out, entered when every int argument lies below a bound (2**29 or 2**20):
# the answers at and across each bound, and where an int leaves 64 bits in either copy,
# are CPython's.


def squares(start, stop, total):
    for i in range(start, stop):
        total += i * i
    return total


def lcg(samples, state):
    inside = 0
    for _ in range(samples):
        state = (state * 1103515245 + 12345) % 2147483648
        if state < 1073741824:
            inside += 1
    return inside, state


def countdown(n, total):
    for i in range(n, n - 40, -3):
        total += i * 3
    return total


def walk(step, limit):
    i = 0
    hits = 0
    while i < limit:
        hits += step
        i += 1
    return hits


def shifted(n, bits):
    acc = 0
    for i in range(n):
        acc += (i << bits) - i
    return acc


edges = [0, 1, 2**20 - 1, 2**20, 2**29 - 1, 2**29, 2**31 - 1, 2**31, 3037000499, 3037000500, 2**62, 2**63 - 1]
edges += [-e for e in edges[1:]]
for round in range(3):
    for e in edges:
        print(squares(e, e + 3, 0), squares(e, e + 3, 2**63 - 10), squares(0, 4, e))
        print(lcg(5, e), countdown(e, e), walk(e, 5), shifted(5, e % 64))
