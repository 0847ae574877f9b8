# Exercises: generator pipelines: yield, yield from, send() coroutines, generator expressions and itertools chaining.
import itertools

RECORDS = 300000


def numbers(seed, count):
    x = seed
    for _ in range(count):
        x = (x * 1664525 + 1013904223) % 4294967296
        yield x >> 8


def records(source):
    names = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")
    for i, n in enumerate(source):
        yield {"id": i, "name": names[n % len(names)], "score": n % 1000, "flag": n % 7 == 0}


def only(pred, items):
    for item in items:
        if pred(item):
            yield item


def windows(items, size):
    buf = []
    for item in items:
        buf.append(item)
        if len(buf) == size:
            yield tuple(buf)
            buf.pop(0)


def flatten(nested):
    for item in nested:
        if isinstance(item, (list, tuple)):
            yield from flatten(item)
        else:
            yield item


def chunked(items, size):
    it = iter(items)
    while True:
        chunk = list(itertools.islice(it, size))
        if not chunk:
            return
        yield chunk


def averager():
    total = 0
    count = 0
    avg = None
    while True:
        value = yield avg
        if value is None:
            break
        total += value
        count += 1
        avg = total // count
    return (total, count)


def delegating(results):
    while True:
        r = yield from averager()
        results.append(r)


def tree(depth, label=""):
    if depth == 0:
        yield label
        return
    for ch in "ab":
        yield from tree(depth - 1, label + ch)


def main():
    pipeline = only(lambda r: not r["flag"], records(numbers(42, RECORDS)))
    by_name = {}
    for rec in pipeline:
        by_name.setdefault(rec["name"], []).append(rec["score"])
    for name in sorted(by_name):
        scores = by_name[name]
        print("%-8s n=%d sum=%d max=%d" % (name, len(scores), sum(scores), max(scores)))

    peaks = sum(1 for a, b, c in windows(numbers(7, RECORDS // 2), 3) if b > a and b > c)
    print("peaks", peaks)

    nested = [[i, (i + 1, [i + 2, (i + 3,)])] for i in range(RECORDS // 8)]
    print("flatten", sum(flatten(nested)))

    results = []
    coro = delegating(results)
    next(coro)
    last = None
    for chunk in chunked(numbers(99, RECORDS // 2), 250):
        for v in chunk:
            last = coro.send(v % 10000)
        coro.send(None)
    print("averages", len(results), results[0], results[-1], last)

    words = list(tree(12))
    squares = (len(w) * i for i, w in enumerate(words) if w.count("a") % 3 == 0)
    print("tree", len(words), words[100], sum(squares))

    groups = itertools.groupby(sorted(n % 50 for n in numbers(5, RECORDS // 4)))
    sizes = [(k, sum(1 for _ in g)) for k, g in groups]
    running = list(itertools.accumulate(s for _, s in sizes))
    print("groups", len(sizes), sizes[:3], running[-1])

    chained = itertools.chain.from_iterable(zip(numbers(1, 1000), numbers(2, 1000)))
    print("zip-chain", sum(x % 97 for x in chained))


main()
