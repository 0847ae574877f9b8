# Cycles of several lifetimes: garbage at once, after a few hundred allocations, after
# tens of thousands, and a set that lives to the end. Objects with attributes, so each
# cycle also holds instance dicts.
class Node:
    def __init__(self, value):
        self.value = value
        self.peer = None


def pair(value):
    a = Node(value)
    b = Node(value + 1)
    a.peer = b
    b.peer = a
    return a


forever = [pair(i) for i in range(20_000)]
short = [None] * 300
long = [None] * 30_000
total = 0
for i in range(250_000):
    pair(i)
    short[i % len(short)] = pair(i)
    if i % 4 == 0:
        long[(i // 4) % len(long)] = pair(i)
    total += i
print(total, len(forever))
