# The collector's generations as CPython documents them: thresholds, the counts
# (allocations, then collections of the younger generation), what collect(generation)
# returns and resets, gc.callbacks around explicit and automatic collections, and
# cycles that outlive young collections being reclaimed by automatic older ones.
import gc

# The young threshold is 700 up to 3.12 and 2000 from 3.13 on.
print("threshold:", gc.get_threshold()[0] in (700, 2000), gc.get_threshold()[1:])
gc.set_threshold(500, 5, 7)
print("set:", gc.get_threshold())
gc.set_threshold(300)
print("first only:", gc.get_threshold())
for bad in [(), (1, 2, 3, 4)]:
    try:
        gc.set_threshold(*bad)
    except TypeError:
        print("set_threshold%r: TypeError" % (bad,))
for generation in (-1, 3):
    try:
        gc.collect(generation)
    except ValueError as error:
        print("collect(%d): ValueError" % generation, error)

gc.disable()
gc.collect()


def cycles(n):
    for _ in range(n):
        a = []
        a.append(a)


print("after full:", gc.get_count()[1:], gc.get_count()[0] < 100)
cycles(5)
print("young cycles:", gc.collect(0), gc.get_count()[1:])
cycles(3)
print("again:", gc.collect(0), gc.get_count()[1:])
cycles(4)
print("middle:", gc.collect(1), gc.get_count()[1:])
cycles(2)
print("full:", gc.collect(2), gc.get_count()[1:])
print("keyword:", gc.collect(generation=0), gc.get_count()[1:])
print("nothing left:", gc.collect())

seen = []


def record(phase, info):
    seen.append((phase, info["generation"], sorted(info), info["collected"], info["uncollectable"]))


gc.callbacks.append(record)
cycles(6)
print("returned:", gc.collect(1))
for entry in seen:
    print("callback:", entry)
gc.callbacks.remove(record)
del seen[:]

# Automatic collections: every generation, each announced to gc.callbacks with a
# start and a stop; pairs kept in a ring until they have outlived young
# collections must still be reclaimed.
phases = []


def watch(phase, info):
    phases.append((phase, info["generation"]))


deleted = 0


class Pair:
    def __init__(self):
        self.other = Partner(self)

    def __del__(self):
        global deleted
        deleted += 1


class Partner:
    def __init__(self, pair):
        self.pair = pair


gc.collect()
gc.set_threshold(700, 10, 10)
gc.callbacks.append(watch)
gc.enable()
ring = [None] * 2000
made = 60_000
for i in range(made):
    ring[i % len(ring)] = Pair()
gc.disable()
gc.callbacks.remove(watch)
print("every generation collected automatically:", sorted(set(generation for _, generation in phases)))
print("starts and stops alternate:", all(phases[k][0] == ("start" if k % 2 == 0 else "stop") for k in range(len(phases))),
      all(phases[k][1] == phases[k + 1][1] for k in range(0, len(phases) - 1, 2)))
print("old cycles reclaimed without gc.collect():", deleted >= made // 2)
del ring
gc.collect()
print("all reclaimed:", deleted == made)
