# A word-frequency count: text is split into words and each word gets an int id (string
# work, interpreted), then the counting loop runs over the list of ids into a dict of
# counts, and pairs of consecutive ids into a second dict (native code's part), and the
# report sorts and formats the top entries (interpreted again).
from _corpus import make_text


def word_ids(text):
    ids = {}
    tokens = []
    for word in text.split():
        tokens.append(ids.setdefault(word, len(ids)))
    return tokens, ids


def count(tokens, counts, pairs, width):
    previous = -1
    for t in tokens:
        counts[t] = counts.get(t, 0) + 1
        if previous >= 0:
            key = previous * width + t
            pairs[key] = pairs.get(key, 0) + 1
        previous = t
    return len(counts)


text = make_text(60_000, 7)
tokens, ids = word_ids(text)
names = {i: w for w, i in ids.items()}
counts = {}
pairs = {}
for rounds in range(40):
    count(tokens, counts, pairs, len(ids))
top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
print("distinct", len(counts), "pairs", len(pairs), "tokens", sum(counts.values()))
print("top", ", ".join(f"{names[i]}={n}" for i, n in top))
top_pair = max(pairs.items(), key=lambda kv: (kv[1], -kv[0]))
a, b = divmod(top_pair[0], len(ids))
print("top pair", names[a], names[b], top_pair[1])
