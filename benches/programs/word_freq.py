# A word-frequency count over the words themselves: the text is made and split into
# words (string work, interpreted), the counting loops run over the list of str into
# dicts keyed by str (native code's part: a str is compared and hashed there, never
# made), and the report sorts and formats the top entries (interpreted again).
from _corpus import make_text


def count(words, counts):
    for w in words:
        counts[w] = counts.get(w, 0) + 1


def stop_word_share(words, stop):
    hits = 0
    for w in words:
        if w in stop:
            hits += 1
    return hits


def weigh(words, weights):
    total = 0.0
    for w in words:
        total += weights.get(w, 0.5)
    return total


words = make_text(300_000, 7).split()
counts = {}
for _ in range(10):
    count(words, counts)
stop = {"ka": 1, "lo": 1, "mi": 1, "kaka": 1}
weights = {w: len(w) * 0.25 for w in ["ka", "lo", "mi", "ne", "ru", "kalo", "lomi"]}
share = 0
total = 0.0
for _ in range(10):
    share += stop_word_share(words, stop)
    total += weigh(words, weights)
top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
print("distinct", len(counts), "top", top)
print("stop words", share, "weight %.2f" % total)
