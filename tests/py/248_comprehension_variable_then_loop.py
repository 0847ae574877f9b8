# A loop after a list comprehension that used the same variable name: the compiler
# inlines the comprehension (it saves the name, deletes it, and puts back what it held,
# "unbound" included), and loop lifting took the name as bound before the loop and passed
# it to the lifted loop: `UnboundLocalError: local variable 'p' referenced before
# assignment` where CPython runs on (found by benches/objects/dataclass_sorting.py).


class Item:
    def __init__(self, weight):
        self.weight = weight


def never_bound_before(items):
    first = [p.weight for p in items[:3]]
    counts = {}
    for p in items:
        counts[p.weight] = counts.get(p.weight, 0) + 1
    return len(counts), p.weight, first


def bound_before(items):
    p = Item(-1)
    heavy = [p.weight for p in items if p.weight > 40]
    total = 0
    for p in items[:0]:  # no iterations: `p` keeps what it held before the comprehension
        total += p.weight
    return len(heavy), total, p.weight


def ints_then_range(n):
    squares = [i * i for i in range(n)]
    s = 0
    for i in range(n):
        s += squares[i] - i
    return s, i


def nested(rows):
    flat = [x for row in rows for x in row]
    best = 0
    for row in rows:
        for x in row:
            if x > best:
                best = x
    return len(flat), best, row, x


def zero_rows(rows):
    widths = [len(row) for row in rows]
    n = 0
    for row in rows:
        n += len(row)
    try:
        return n, row
    except UnboundLocalError as e:
        return n, type(e).__name__


items = [Item(i % 50) for i in range(3000)]
rows = [[i, i + 1, i * 3 % 7] for i in range(200)]
for _ in range(300):
    a = never_bound_before(items)
    b = bound_before(items)
    c = ints_then_range(60)
    d = nested(rows)
    e = zero_rows([])
print(a, b, c, d, e)
