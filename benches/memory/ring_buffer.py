# args: 10
# Issue 12's program: pairs of lists pointing at each other, kept in a ring of 10,000
# slots and replaced a while later, 100,000 pairs per round (rounds on argv). Each pair
# outlives several young collections before it becomes garbage.
import sys

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
SLOTS = 10_000
ring = [None] * SLOTS
slot = 0
for _ in range(rounds):
    for _ in range(100_000):
        a = []
        b = [a]
        a.append(b)
        ring[slot] = a
        slot = (slot + 1) % SLOTS
print(len(ring))
