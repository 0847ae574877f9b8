# Loop-lifting shape: string and dict work around a hot float loop that can run natively.
def word_lengths(n):
    words = {}
    for i in range(n):
        w = "w" + str(i % 113)
        words[w] = words.get(w, 0) + 1
    return words

def weighted_sum(count, n):
    total = 0.0
    for i in range(n):
        total += (i % count) * 0.25 + (i & 7) * 1.5
    return total

stats = word_lengths(200_000)
report = {k: v for k, v in sorted(stats.items())[:3]}
print("distinct", len(stats), report)
print("weighted %.3f" % weighted_sum(len(stats), 6_000_000))
