# collections: Counter (most_common, arithmetic, elements) and defaultdict (grouping, nesting).
from collections import Counter, defaultdict

text = "the quick brown fox jumps over the lazy dog the end"
words = Counter(text.split())
print(words.most_common(3))
print(words["the"], words["missing"], len(words), sum(words.values()))
letters = Counter(c for c in text if c.isalpha())
print(letters.most_common(5))
print(sorted(letters.items())[:8])
a = Counter(a=3, b=1, c=2)
b = Counter(a=1, b=4, d=5)
print(a + b, a - b, a & b, a | b)
print(sorted((a + b).elements()))
a.update("aab")
print(a, a.total())
a.subtract({"a": 10})
print(a, +a, -a)
print(Counter("mississippi").most_common(), Counter([1, 1, 2]) == Counter({1: 2, 2: 1}))
c = Counter()
for w in ["x", "y", "x", "z", "x", "y"]:
    c[w] += 1
print(list(c.items()), c.most_common(1)[0], dict(c))

groups = defaultdict(list)
for word in ["apple", "bob", "cat", "avocado", "banana", "cherry", "ant"]:
    groups[word[0]].append(word)
print(dict(groups), groups["zzz"], len(groups))
counts = defaultdict(int)
for ch in "abracadabra":
    counts[ch] += 1
print(dict(counts), counts.default_factory.__name__)
tree = lambda: defaultdict(tree)
root = tree()
root["a"]["b"]["c"] = 1
root["a"]["x"] = 2
root["y"] = 3


def to_dict(d):
    return {k: to_dict(v) if isinstance(d[k], defaultdict) else v for k, v in d.items()}


print(to_dict(root))
sets = defaultdict(set)
for k, v in [("a", 3), ("b", 1), ("a", 1), ("a", 3)]:
    sets[k].add(v)
print({k: sorted(v) for k, v in sets.items()})
dd = defaultdict(lambda: "N/A", {"known": "yes"})
print(dd["known"], dd["unknown"], list(dd))
print("missing" in counts, counts.get("missing"), "missing" in counts)
print(isinstance(groups, dict), type(groups).__name__)
inventory = Counter(apples=5, pears=0, kiwis=-2)
print(list(inventory.elements()), sorted(inventory), inventory.most_common()[-1])
