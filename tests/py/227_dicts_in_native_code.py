# Dicts of int keys to ints or floats in native code (issue 18, item 4): d[k], d[k] = v,
# d[k] += 1, d.get(k, default), k in d, len, iteration over the dict, keys(), values()
# and items(), in insertion order; a missing key's KeyError, a dict that changes size
# while it is iterated, a value that leaves 64 bits, a float stored into a dict of ints,
# aliasing (one dict passed twice), empty dicts, and the dicts native code must leave to
# the interpreter (bool keys, str keys, mixed values, subclasses).
from collections import Counter, defaultdict, OrderedDict


def count(tokens, counts):
    for t in tokens:
        counts[t] = counts.get(t, 0) + 1
    return len(counts)


def histogram(values, buckets):
    for v in values:
        if v % 7 in buckets:
            buckets[v % 7] += 1
        else:
            buckets[v % 7] = 1
    return buckets


def total(d):
    s = 0
    for k, v in d.items():
        s += k * v
    return s


def weights(d):
    w = 0.0
    for v in d.values():
        w += v
    for k in d.keys():
        w -= k * 0.5
    for k in d:
        w += k * 0.25
    return w


def lookup(d, keys):
    s = 0
    for k in keys:
        s += d[k]
    return s


def grow_while_iterating(d):
    n = 0
    for k in d:
        d[k + 1000] = 1
        n += 1
    return n


def scale(d, factor, n):
    for i in range(n):
        d[i % 5] = d.get(i % 5, 0.5) * factor
    return d


def double_into(a, b):
    for k, v in a.items():
        b[k] = v * 2
    return len(b)


def bump(d, n):
    for i in range(n):
        d[i % 3] += 2**61
    return d


def contains_count(d, n):
    hits = 0
    for i in range(-n, n):
        if i in d:
            hits += 1
        if i not in d:
            hits -= 1
    return hits


def store_float(d, n):
    for i in range(n):
        d[i] = i / 2
    return d


counts = {}
for rep in range(40):
    count([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, -8, 0], counts)
print("count", counts, list(counts))

print("histogram", histogram(list(range(100)), {3: 100, 0: -1}))
for rep in range(30):
    h = histogram(list(range(rep * 3)), {})
print("histogram later", h, list(h.items())[:3])

big = {i * 3 - 50: i for i in range(60)}
for rep in range(30):
    t = total(big)
print("total", t, total({}), total({2**62: 1, -(2**62): 1}))
print("total past 64 bits", total({2**62: 2}), total({2**62: 4, 1: -1}))

for rep in range(30):
    w = weights({1: 0.5, 2: 1.25, -7: 3.0})
print("weights", w, weights({}))

table = {i: i * i for i in range(20)}
for rep in range(30):
    s = lookup(table, [1, 2, 3, -0, 19])
print("lookup", s)
try:
    lookup(table, [1, 2, 25, 3])
except KeyError as e:
    print("KeyError", repr(e), e.args)
try:
    lookup(table, [True, False, 21])
except KeyError as e:
    print("KeyError", repr(e))

for rep in range(30):
    try:
        grow_while_iterating({1: 1, 2: 2})
    except RuntimeError as e:
        err = str(e)
print("grow", err)
print("grow empty", grow_while_iterating({}))

for rep in range(30):
    sd = scale({0: 1.0, 7: 2.0}, 1.5, 12)
print("scale", sd)
print("scale order", list(scale({4: 1.0}, -0.0, 3)))

a = {5: 1, 3: 2}
for rep in range(30):
    n = double_into(a, {9: 9})
print("double", n, a)
same = {1: 10, 2: 20}
print("double alias", double_into(same, same), same)

for rep in range(30):
    bumped = bump({0: 0, 1: 1, 2: 2}, 3)
print("bump", bumped)
bumped = bump({0: 0, 1: 1, 2: 2}, 12)
print("bump past 64 bits", bumped)

for rep in range(30):
    c = contains_count({1: 1, -3: 0, 7: 2}, 10)
print("contains", c)

for rep in range(30):
    sf = store_float({0: 0.0}, 4)
print("store float", sf)
print("store float into ints", store_float({0: 1}, 3))

# Dicts native code does not take: the interpreter runs them, with the same results.
print("bool keys", total({True: 3, 2: 1}))
print("str values", count([1], {1: "one"}) if False else weights({1: 1.0, 2: 2}))
mixed = {1: 1, 2: 2.5}
print("mixed", total(mixed))
print("counter", count([1, 2, 1], Counter()), count([1, 1], defaultdict(int)), count([3], OrderedDict()))
print("str keys", histogram([1, 2], {"a": 1}))
big_keys = {2**70: 1}
print("big keys", count([1, 2**70], big_keys), big_keys)
