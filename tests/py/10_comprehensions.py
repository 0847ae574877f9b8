# Comprehensions: list, dict, set (printed sorted), nested, conditional, scoping.

squares = [x * x for x in range(10)]
print(squares)
evens = [x for x in range(20) if x % 2 == 0 if x % 3 != 0]
print(evens)
labels = ["even" if x % 2 == 0 else "odd" for x in range(5)]
print(labels)
matrix = [[r * 3 + c for c in range(3)] for r in range(3)]
print(matrix)
transposed = [[row[i] for row in matrix] for i in range(3)]
print(transposed)
flat = [v for row in matrix for v in row if v % 2]
print(flat)
pairs = [(a, b) for a in range(3) for b in range(a, 3)]
print(pairs)

words = ["apple", "banana", "cherry", "avocado", "blueberry", "cranberry", "apricot"]
by_letter = {w[0]: [x for x in words if x[0] == w[0]] for w in words}
print(by_letter)
lengths = {w: len(w) for w in words if len(w) > 5}
print(lengths)
inverted = {v: k for k, v in {"a": 1, "b": 2, "c": 3}.items()}
print(inverted)
letters = {ch for w in words for ch in w}
print(sorted(letters))
print(sorted({len(w) for w in words}))
print(sorted({x % 5 for x in range(100)}))

x = "outer x"
result = [x for x in range(3)]
print(x, result)
total = sum(n for n in range(1000) if n % 3 == 0 or n % 5 == 0)
print(total)
primes = [n for n in range(2, 60) if all(n % d for d in range(2, int(n ** 0.5) + 1))]
print(primes)
pythagorean = [(a, b, c) for c in range(1, 30) for b in range(1, c) for a in range(1, b)
               if a * a + b * b == c * c]
print(pythagorean)
counts = {}
for w in words:
    counts[w[0]] = counts.get(w[0], 0) + 1
print(counts, {k: v for k, v in sorted(counts.items(), key=lambda kv: -kv[1])})
grid = {(r, c): r * c for r in range(1, 4) for c in range(1, 4) if r != c}
print(grid)
print([[1 if r == c else 0 for c in range(4)] for r in range(4)])
print(dict(zip("abc", [n ** 3 for n in range(3)])), [s.upper() for s in sorted(set("hello"))])
