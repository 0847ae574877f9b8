# Loops in methods over objects (issue 18, item 3): loop-lifting takes loops that read
# and write fields of named objects (`self.total += ...`, `for b in self.items:`), so
# methods, which are never compiled whole, still run their loops natively. The loop as
# written runs instead whenever typing turns the objects down, and a deoptimization
# re-runs the loop from its start with every object as it was.


class Particle:
    def __init__(self, x, v):
        self.x = x
        self.v = v


class Cloud:
    def __init__(self, particles, damping):
        self.particles = particles
        self.damping = damping
        self.steps = 0

    def step(self, dt, n):
        for _ in range(n):
            for p in self.particles:
                p.v *= self.damping
                p.x += dt * p.v
            self.steps += 1
        return self.steps

    def spread(self):
        lo = self.particles[0].x
        hi = lo
        for p in self.particles:
            if p.x < lo:
                lo = p.x
            if p.x > hi:
                hi = p.x
        return hi - lo

    def count_right_of(self, limit):
        count = 0
        particles = self.particles
        i = 0
        while i < len(particles):
            if particles[i].x > limit:
                count += 1
            i += 1
        return count


cloud = Cloud([Particle(0.1 * k, 1.0 - 0.3 * k) for k in range(8)], 0.999)
for round_ in range(3):
    print(cloud.step(0.01, 400), "%.12f" % cloud.spread(), cloud.count_right_of(0.5))
print(["%.9f" % p.x for p in cloud.particles])


# A field that outgrows 64 bits mid-loop: the loop runs again, as written, from its start.
class Accumulator:
    def __init__(self):
        self.value = 1
        self.rounds = 0

    def square_up(self, times):
        for _ in range(times):
            self.value = self.value * self.value + 1
            self.rounds += 1
        return self.rounds


acc = Accumulator()
print(acc.square_up(3), acc.value)
print(acc.square_up(10), acc.value % 1000003, acc.rounds)


# Objects that are not plain keep the loop as written: a property, a str field.
class Labelled:
    def __init__(self, name, weight):
        self.name = name
        self.weight = weight


class Shelf:
    def __init__(self, items):
        self.items = items
        self.total = 0.0

    def weigh(self):
        for item in self.items:
            self.total += item.weight
        return self.total


print(Shelf([Labelled("a", 1.5), Labelled("b", 2.25)]).weigh())


class Guarded:
    def __init__(self, level):
        self._level = level

    @property
    def level(self):
        return self._level * 2


class Tower:
    def __init__(self, floors):
        self.floors = floors

    def height(self):
        h = 0
        for f in self.floors:
            h += f.level
        return h


print(Tower([Guarded(1), Guarded(2), Guarded(3)]).height())


# A module-level loop over objects, and a field deleted between runs.
points = [Particle(float(k), -float(k)) for k in range(5)]
total = 0.0
for p in points:
    total += p.x * p.v
    p.x = p.x + 1.0
print(total, [p.x for p in points])
del points[2].v
try:
    for p in points:
        total += p.v
except AttributeError as e:
    print("AttributeError", e)
print(total)
