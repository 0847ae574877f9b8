# Loops whose statements call a compiled function for what it does to the containers it
# is given (`count(tokens, counts)` with its result dropped) are lifted: native code then
# calls the function natively and copies the containers in and out once per loop
# instead of once per call. A deoptimization in the middle (an int outgrowing 64 bits,
# a missing key, an index out of range) hands the loop back at a state the interpreter
# carries on from exactly as CPython would.


def count(tokens, counts, pairs, width):
    # Singles, and pairs of neighbours keyed by one int (the first is never a pair).
    for i in range(len(tokens)):
        t = tokens[i]
        counts[t] = counts.get(t, 0) + 1
        if i > 0:
            pairs[tokens[i - 1] * width + t] = pairs.get(tokens[i - 1] * width + t, 0) + 1
    return len(counts)


def grow(acc, k):
    # The sum of k**5 outgrows int64 near k = 1960: native code stops there.
    acc[0] += k * k * k * k * k
    acc[1] += 1


def shift(xs, ys, by):
    for i in range(len(xs)):
        xs[i] += by
        ys[i] -= by


def bump(table, key):
    table[key] += 1


def poke(xs, i):
    xs[i] = xs[i] + 1


tokens = [(i * 7 + i // 3) % 11 for i in range(500)]
counts = {}
pairs = {}
for rounds in range(3000):
    count(tokens, counts, pairs, 11)
print(len(counts), len(pairs), sum(counts.values()), max(pairs.values()))

acc = [1, 0]
for k in range(2500):
    grow(acc, k)
print(acc)


def run_shifts(n):
    xs = [float(i) for i in range(8)]
    for step in range(n):
        shift(xs, xs, 0.5)  # the same list twice: every write lands in one list
    ys = [1.0] * 8
    zs = [2.0] * 8
    for step in range(n):
        shift(ys, zs, 0.25)
    return xs, ys[:2], zs[:2]


print(run_shifts(1500))

def bump_all(table, n):
    for i in range(n):
        bump(table, 1 + (i % 2) + (i // 1500) * 5)


def poke_all(xs, n):
    for i in range(n):
        poke(xs, i % 10 + (i // 2000) * 10)


table = {1: 0, 2: 0}
try:
    bump_all(table, 2000)
except KeyError as e:
    print("KeyError", e, table)

xs = [0] * 10
try:
    poke_all(xs, 2500)
except IndexError as e:
    print("IndexError", e, sum(xs), xs[:3])


def noisy(log, n):
    for i in range(n):
        log.append(i)


log = []
for i in range(1200):
    noisy(log, 2)
print(len(log), log[-4:])
