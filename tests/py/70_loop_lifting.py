# Loop-lifting in automatic mode: loops inside functions that also touch dicts and
# strings run natively; what they print must not change (zero-trip loops, live-out
# values, while loops, nested loops, break/continue, overflow in a lifted loop).


def report(name, n):
    stats = {"name": name}
    acc = 0.0
    sq = 0.0
    for i in range(1, n + 1):
        v = (i % 7) * 0.5 + 1.0 / i
        acc += v
        sq += v * v
    stats["acc"] = round(acc, 6)
    stats["sq"] = round(sq, 6)
    return "%s: %r" % (name, stats)


def counts(words, limit):
    seen = {w: len(w) for w in words}
    total = 0
    k = 0
    while k < limit:
        k += 1
        if k % 3 == 0:
            continue
        if k > 50:
            break
        total += k * k
    return sorted(seen.items()), total, k


def nested(label, n):
    table = []
    grid = 0
    for a in range(n):
        for b in range(a):
            grid += a * b
    table.append(grid)
    return label + str(table)


def overflowing(tag, n):
    x = 1
    for i in range(n):
        x = x * 7 + i
    return tag, x % 1000003, len(str(x))


def not_liftable(xs):
    s = 0
    for i in range(len(xs)):
        s += xs[i]
    return [s]


for n in (0, 1, 10, 1000):
    print(report("r%d" % n, n))
print(counts(["a", "bb"], 0), counts(["ccc"], 10), counts([], 100))
print(nested("g", 0), nested("g", 30))
print(overflowing("small", 5), overflowing("big", 100))
print(not_liftable([1, 2, 3]))
