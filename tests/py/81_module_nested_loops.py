# Module-level loops nested in loops that do not type: the inner loop lifts (the outer
# loop's variable goes in), and its hidden function is defined once, not per iteration.
words = ["a", "abc", "hello"]
res = {}
for w in words:
    total = 0
    for i in range(len(w)):
        total += i
    res[w] = total
print(res)
