# Loops over lists (lifted and whole functions): items read in order, writes during
# iteration seen by later items, non-list iterables left to the interpreter.
def stats(values):
    info = {"n": len(values)}
    total = 0.0
    peak = 0.0
    for v in values:
        total += v
        if v > peak:
            peak = v
    info["total"] = total
    return info, peak
def count_big(xs, limit):
    c = 0
    for x in xs:
        if x > limit:
            c += 1
    return c
def over_other(d):
    t = 0
    for k in d:
        t += k
    return t
def mutate_while_iterating(a):
    tag = "m"
    s = 0
    for x in a:
        s += x
        a[len(a) - 1] = 100
    return tag, s, a
print(stats([1.5, 2.5, -3.0]), stats([]))
print(count_big([1, 5, 9, 12], 4), count_big([], 0))
print(over_other({1: 2, 3: 4}), over_other((5, 6)))
print(mutate_while_iterating([1, 2, 3]))
nums = [3, 1, 4, 1, 5]
acc = 0
for n in nums:
    acc += n * n
print(acc)
