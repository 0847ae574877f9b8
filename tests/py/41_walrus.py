# Assignment expressions (walrus): in conditions, while loops, comprehensions, and scoping.
import re

data = [4, 8, 15, 16, 23, 42]
if (n := len(data)) > 5:
    print(f"list is long ({n} elements)")
print("n after if:", n)

queue = list(range(5))
while (item := queue.pop() if queue else None) is not None:
    print("popped", item)

values = [3, 7, 1, 9, 4]
results = [y for x in values if (y := x * x) > 10]
print(results, "y leaks to enclosing scope:", y)
print([(x, last := x) for x in "abc"], last)
totals = [total := 0] + [total := total + v for v in values]
print(totals, total)

pattern = re.compile(r"(\d+)-(\d+)")
for line in ["range 10-20", "no match", "span 3-4 and 5-6"]:
    if (m := pattern.search(line)) is not None:
        lo, hi = map(int, m.groups())
        print(f"{line!r}: {lo}..{hi} width {hi - lo}")
    else:
        print(f"{line!r}: no range")


def chunks(text, size):
    pos = 0
    while chunk := text[pos:pos + size]:
        yield chunk
        pos += size


print(list(chunks("abcdefghij", 3)))
stream = iter(["a", "bb", "", "ccc"])
collected = []
while (word := next(stream, None)) is not None:
    if not word:
        continue
    collected.append(word.upper())
print(collected)


def fib_upto(limit):
    a, b = 0, 1
    seq = []
    while (a := a + 0) <= limit:
        seq.append(a)
        a, b = b, a + b
    return seq


print(fib_upto(100))
print((z := 5) + z, z)
stats = {"min": (lo := min(values)), "max": (hi := max(values)), "range": hi - lo}
print(stats)
print(any((hit := v) > 8 for v in values), hit)
print(all((miss := v) < 8 for v in values), miss)
cache = {}
for key in ["x", "y", "x", "z", "y"]:
    if (count := cache.get(key)) is None:
        cache[key] = 1
    else:
        cache[key] = count + 1
print(cache)
print([w for raw in [" a ", " ", "b  ", ""] if (w := raw.strip())])
