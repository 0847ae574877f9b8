# Exercises: a discrete-event simulation of a shop with heapq, event classes ordered by __lt__, queues and statistics objects.
import heapq
import random
from collections import deque

CUSTOMERS = 32000


class Event:
    __slots__ = ("time", "seq", "customer")
    counter = 0

    def __init__(self, time, customer):
        self.time = time
        Event.counter += 1
        self.seq = Event.counter
        self.customer = customer

    def __lt__(self, other):
        if self.time != other.time:
            return self.time < other.time
        return self.seq < other.seq

    def fire(self, sim):
        raise NotImplementedError


class Arrival(Event):
    __slots__ = ()

    def fire(self, sim):
        sim.arrive(self.customer, self.time)


class ServiceDone(Event):
    __slots__ = ("counter_id",)

    def __init__(self, time, customer, counter_id):
        Event.__init__(self, time, customer)
        self.counter_id = counter_id

    def fire(self, sim):
        sim.finish(self.customer, self.counter_id, self.time)


class Patience(Event):
    __slots__ = ()

    def fire(self, sim):
        sim.give_up(self.customer, self.time)


class Customer:
    __slots__ = ("ident", "kind", "arrived", "started", "left", "gave_up", "items")

    def __init__(self, ident, kind, arrived, items):
        self.ident = ident
        self.kind = kind
        self.arrived = arrived
        self.items = items
        self.started = None
        self.left = None
        self.gave_up = False


class Counter:
    def __init__(self, ident, speed, express):
        self.ident = ident
        self.speed = speed
        self.express = express
        self.busy = None
        self.served = 0
        self.busy_time = 0

    def accepts(self, customer):
        return not self.express or customer.items <= 5


class Stats:
    def __init__(self):
        self.waits = {}
        self.abandoned = 0
        self.max_queue = 0

    def record(self, customer):
        self.waits.setdefault(customer.kind, []).append(customer.started - customer.arrived)

    def summary(self):
        lines = []
        for kind in sorted(self.waits):
            w = self.waits[kind]
            w.sort()
            lines.append("%-7s n=%5d mean=%.3f median=%d p90=%d max=%d" % (
                kind, len(w), sum(w) / len(w), w[len(w) // 2], w[len(w) * 9 // 10], w[-1]))
        return lines


class Shop:
    def __init__(self, rng):
        self.rng = rng
        self.events = []
        self.queue = deque()
        self.counters = [Counter(0, 3, True), Counter(1, 2, False), Counter(2, 2, False), Counter(3, 1, False)]
        self.stats = Stats()
        self.now = 0
        self.processed = 0

    def schedule(self, event):
        heapq.heappush(self.events, event)

    def arrive(self, customer, now):
        self.queue.append(customer)
        self.stats.max_queue = max(self.stats.max_queue, len(self.queue))
        self.schedule(Patience(now + 40 + customer.items * 2, customer))
        self.dispatch(now)

    def dispatch(self, now):
        for counter in self.counters:
            if counter.busy is not None:
                continue
            for idx, customer in enumerate(self.queue):
                if counter.accepts(customer):
                    del self.queue[idx]
                    customer.started = now
                    counter.busy = customer
                    duration = 2 + (customer.items * 3 + counter.speed - 1) // counter.speed
                    counter.busy_time += duration
                    self.schedule(ServiceDone(now + duration, customer, counter.ident))
                    self.stats.record(customer)
                    break

    def finish(self, customer, counter_id, now):
        counter = self.counters[counter_id]
        counter.busy = None
        counter.served += 1
        customer.left = now
        self.dispatch(now)

    def give_up(self, customer, now):
        if customer.started is None and not customer.gave_up:
            customer.gave_up = True
            self.queue.remove(customer)
            self.stats.abandoned += 1

    def run(self, count):
        t = 0
        kinds = ("regular", "member", "tourist")
        for i in range(count):
            t += self.rng.randint(1, 7)
            c = Customer(i, kinds[self.rng.randrange(3)], t, self.rng.randint(1, 12))
            self.schedule(Arrival(t, c))
        while self.events:
            ev = heapq.heappop(self.events)
            self.now = ev.time
            ev.fire(self)
            self.processed += 1


def main():
    shop = Shop(random.Random(1234))
    shop.run(CUSTOMERS)
    print("events", shop.processed, "end", shop.now, "abandoned", shop.stats.abandoned,
          "max queue", shop.stats.max_queue)
    for c in shop.counters:
        print("counter", c.ident, "served", c.served, "busy", c.busy_time,
              "util %.3f" % (c.busy_time / shop.now))
    for line in shop.stats.summary():
        print(line)


main()
