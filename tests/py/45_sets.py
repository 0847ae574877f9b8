# Sets and frozensets: operations, methods, comprehensions; always printed via sorted().
a = {1, 2, 3, 4, 5}
b = {4, 5, 6, 7}
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(b - a), sorted(a ^ b))
print(sorted(a.union(b, [10])), sorted(a.intersection([1, 2, 99])), sorted(a.difference({1}, {2})))
print(a.issubset({1, 2, 3, 4, 5, 6}), a.issuperset({1, 2}), a.isdisjoint({8, 9}), {1, 2} < a, a <= a, a < a)
print(len(a), 3 in a, 30 not in a, min(a), max(b), sum(a))
s = set()
s.add("x")
s.add("y")
s.add("x")
s.update(["z", "w"], "v")
print(sorted(s), len(s))
s.discard("nope")
s.remove("x")
print(sorted(s))
try:
    s.remove("nope")
except KeyError as e:
    print("KeyError", e)
popped = {42}.pop()
print(popped)
words = "the cat and the hat and the bat".split()
unique = set(words)
print(sorted(unique), len(words), len(unique))
print(sorted({w[0] for w in words}), sorted({len(w) for w in words}))
fs = frozenset([3, 1, 2, 3])
print(sorted(fs), len(fs), type(fs).__name__, fs == {1, 2, 3}, sorted(fs | {9}), type(fs | {9}).__name__)
groups = {frozenset({1, 2}): "pair", frozenset({3}): "single"}
print(groups[frozenset([2, 1])], frozenset() == set(), sorted(map(sorted, groups)))
c = {1, 2, 3}
c |= {4}
c &= {2, 3, 4, 5}
c -= {3}
c ^= {10, 2}
print(sorted(c))
letters_in_both = set("hello") & set("world")
print(sorted(letters_in_both), sorted(set("hello") - set("world")), "".join(sorted(set("mississippi"))))
nums = [5, 3, 5, 1, 3, 9, 1]
seen = set()
deduped = [n for n in nums if not (n in seen or seen.add(n))]
print(deduped, sorted(seen))
print(sorted({(x, y) for x in range(3) for y in range(3) if x < y}))
print(set() == set(), {1, 2} == {2, 1}, sorted({1, 1.0, True}), sorted({"B", "a", "A", "b"}))
print(sorted(set(range(20)) - set(range(0, 20, 3)) - set(range(0, 20, 2))))
empty = set()
print(len(empty), bool(empty), sorted(empty | {0}), type({}).__name__, type(set()).__name__)
primes = set(range(2, 50))
for n in range(2, 8):
    primes -= set(range(n * n, 50, n))
print(sorted(primes))
print(sorted(frozenset("abc").symmetric_difference("cde")), {1, 2}.copy() == {1, 2})
