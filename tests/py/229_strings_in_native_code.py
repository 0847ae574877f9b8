# Strings in native code: a str is compared and used as a dict key natively (by its
# id in the call's table of strings: equal strings, one id), and comes back as the
# object it was. Everything else a str does stays in the interpreter. Every result,
# every identity and every exception is CPython's.


def count_words(words, counts):
    for w in words:
        if w in counts:
            counts[w] += 1
        else:
            counts[w] = 1
    return len(counts)


def tally(words):
    counts = {"": 0}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    return counts


def lookup_all(table, keys):
    total = 0.0
    for k in keys:
        total += table[k]
    return total


def first_match(words, wanted):
    for i in range(len(words)):
        if words[i] == wanted:
            return i
    return -1


def count_not(words, skip):
    n = 0
    for w in words:
        if w != skip and w != "the":
            n += 1
    return n


def longest_key(d):
    best = ""
    for k, v in d.items():
        if v > 2:
            best = k
    return best


def replace_all(words, old, new):
    for i in range(len(words)):
        if words[i] == old:
            words[i] = new
    return words


def pick(words, i):
    return words[i]


text = "the quick brown fox jumps over the lazy dog the end".split()
# Strings made at run time (not the same objects as the constants).
made = [("th" + "e") for _ in range(3)] + ["do" + "g", "fox"]

for _ in range(12):
    counts = {}
    n = count_words(text, counts)
print(n, counts)
counts = {"fox": 5}
for _ in range(12):
    count_words(made, counts)
print(counts, list(counts))

for _ in range(12):
    t = tally(text + made)
print(t)

prices = {"apple": 1.5, "pear": 0.25, "fig": 3.0}
for _ in range(12):
    s = lookup_all(prices, ["apple", "fig", "apple"])
print(s)
# A missing key mid-loop: the interpreter raises CPython's KeyError.
try:
    lookup_all(prices, ["pear", "plum"])
except KeyError as e:
    print("KeyError", e)

for _ in range(12):
    r = (first_match(text, "lazy"), first_match(text, "cat"), first_match(made, "dog"))
print(r)
for _ in range(12):
    r = count_not(text, "fox")
print(r)

for _ in range(12):
    k = longest_key({"a": 1, "bb": 3, "ccc": 2})
print(k)

# Writes of strings into a list come back as the objects native code was given.
words = ["x", "y", "x", "z"]
new = "w" * 3
for _ in range(12):
    out = replace_all(list(words), "x", new)
print(out, out[0] is new, out[2] is new)
# A string handed back is that object, not a copy.
a = "".join(["he", "llo"])
for _ in range(12):
    got = pick(["zero", a], 1)
print(got, got is a)

# Surrogates and non-ASCII text are keys like any other.
odd = {"\ud800": 1, "é": 2, "e\u0301": 3}
for _ in range(12):
    r = count_words(["é", "\ud800", "é", "ß"], odd)
print(sorted(odd.items()), r)


# A str subclass is not a str here: the interpreter runs it, with its own __eq__.
class Loose(str):
    def __eq__(self, other):
        return True

    __hash__ = str.__hash__


for _ in range(12):
    r = first_match([Loose("a"), "b"], "b")
print(r)

# Mixed key types stay interpreted; a str never equals an int.
mixed = {1: 1, "1": 2}
for _ in range(12):
    r = lookup_all(mixed, [1, "1"])
print(r)
ints = {1: 2.0}
for _ in range(12):
    try:
        r = lookup_all(ints, ["1"])
    except KeyError as e:
        r = ("KeyError", e.args)
print(r)


# Operations that make strings stay in the interpreter, and say so.
def join_up(words):
    s = ""
    for w in words:
        s = s + w
    return s


for _ in range(12):
    r = join_up(["a", "b", "c"])
print(r)


# An empty dict has no entries to say what it holds: typed as ints to ints first, then
# as the other dicts native code takes when that does not type.
def fill(words, counts):
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    return counts


for _ in range(12):
    c = fill(text, {})
print(c)


def floats_into_empty(d):
    for i in range(5):
        d[i] = i * 0.5
    return d


for _ in range(12):
    r = floats_into_empty({})
print(r)


# The same empty dict given twice, filled with str keys through one name and int keys
# through the other: its copy cannot be both, so the interpreter runs it.
def two(a, b, words):
    for w in words:
        a[w] = 1
    for i in range(3):
        b[i] = 2
    return len(a) + len(b)


for _ in range(12):
    e = {}
    r = two(e, e, ["x", "y"])
print(r, e)
