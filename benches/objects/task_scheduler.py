# Exercises: a priority task scheduler with subclassed tasks, virtual dispatch and linked packet queues (richards-like).
PACKETS = 40000


class Packet:
    __slots__ = ("link", "kind", "seq", "data", "passes")

    def __init__(self, seq):
        self.link = None
        self.kind = "work"
        self.seq = seq
        self.data = [0, 0, 0, 0]
        self.passes = 0


class Queue:
    """Singly linked FIFO of packets."""

    def __init__(self):
        self.head = None
        self.tail = None
        self.size = 0

    def push(self, pkt):
        pkt.link = None
        self.size += 1
        if self.head is None:
            self.head = self.tail = pkt
        else:
            self.tail.link = pkt
            self.tail = pkt

    def pop(self):
        pkt = self.head
        if pkt is not None:
            self.head = pkt.link
            if self.head is None:
                self.tail = None
            pkt.link = None
            self.size -= 1
        return pkt

    def empty(self):
        return self.head is None


class Task:
    def __init__(self, sched, name, priority):
        self.sched = sched
        self.name = name
        self.priority = priority
        self.inbox = Queue()
        self.held = False
        self.runs = 0

    def ready(self):
        return not self.held and not self.inbox.empty()

    def step(self):
        self.runs += 1
        self.handle(self.inbox.pop())

    def handle(self, pkt):
        raise NotImplementedError(self.name)

    def send(self, pkt, target):
        self.sched.deliver(pkt, target)


class Source(Task):
    def __init__(self, sched, name, priority, budget):
        Task.__init__(self, sched, name, priority)
        self.budget = budget
        self.created = 0
        self.pool = Queue()

    def ready(self):
        return not self.held and (self.budget > 0 or not self.inbox.empty())

    def step(self):
        self.runs += 1
        if not self.inbox.empty():
            # recycled packets come back here
            self.pool.push(self.inbox.pop())
            return
        self.budget -= 1
        pkt = self.pool.pop()
        if pkt is None:
            pkt = Packet(self.created)
        else:
            pkt.seq = self.created
            pkt.passes = 0
            pkt.kind = "work"
        self.created += 1
        s = pkt.seq
        for i in range(4):
            s = (s * 1103 + 12345 + i) % 65521
            pkt.data[i] = s % 97
        self.send(pkt, "router")
        if self.created % 50 == 0:
            self.sched.release("slow")


class Router(Task):
    def handle(self, pkt):
        targets = ("doubler", "reverser", "slow")
        pick = (pkt.seq + pkt.passes) % 3
        self.send(pkt, targets[pick])


class Worker(Task):
    def __init__(self, sched, name, priority):
        Task.__init__(self, sched, name, priority)
        self.done = 0

    def handle(self, pkt):
        self.transform(pkt)
        self.done += 1
        pkt.passes += 1
        if pkt.passes < 3 and pkt.data[0] % 2 == 0:
            self.send(pkt, "router")
        else:
            self.send(pkt, "sink")

    def transform(self, pkt):
        pass


class Doubler(Worker):
    def transform(self, pkt):
        pkt.data = [(v * 2) % 101 for v in pkt.data]


class Reverser(Worker):
    def transform(self, pkt):
        pkt.data.reverse()
        pkt.data[0] += 1


class SlowWorker(Worker):
    """Holds itself after a few packets until the source releases it."""

    def transform(self, pkt):
        total = sum(pkt.data)
        pkt.data = [total % 89, pkt.data[0], pkt.data[1], (total * 3) % 83]
        if self.done % 7 == 6:
            self.held = True


class Sink(Task):
    def __init__(self, sched, name, priority):
        Task.__init__(self, sched, name, priority)
        self.checksum = 0
        self.count = 0

    def handle(self, pkt):
        self.count += 1
        for v in pkt.data:
            self.checksum = (self.checksum * 31 + v + pkt.passes) % 1000000007
        self.send(pkt, "source")


class Scheduler:
    def __init__(self):
        self.tasks = {}
        self.order = []
        self.deliveries = 0
        self.releases = 0

    def add(self, task):
        self.tasks[task.name] = task
        self.order.append(task)
        self.order.sort(key=lambda t: -t.priority)

    def deliver(self, pkt, target):
        self.deliveries += 1
        self.tasks[target].inbox.push(pkt)

    def release(self, name):
        task = self.tasks[name]
        if task.held:
            self.releases += 1
            task.held = False

    def run(self):
        steps = 0
        while True:
            for task in self.order:
                if task.ready():
                    break
            else:
                # nothing ready: free any held task or stop
                held = [t for t in self.order if t.held]
                if not held:
                    return steps
                for t in held:
                    self.release(t.name)
                continue
            task.step()
            steps += 1


def main():
    sched = Scheduler()
    sched.add(Source(sched, "source", 1, PACKETS))
    sched.add(Router(sched, "router", 5))
    sched.add(Doubler(sched, "doubler", 3))
    sched.add(Reverser(sched, "reverser", 4))
    sched.add(SlowWorker(sched, "slow", 2))
    sink = Sink(sched, "sink", 9)
    sched.add(sink)
    steps = sched.run()
    print("steps", steps, "deliveries", sched.deliveries, "releases", sched.releases)
    print("sink", sink.count, "checksum", sink.checksum)
    for t in sched.order:
        print(" ", t.name, t.runs, type(t).__name__)
    print("pooled", sched.tasks["source"].pool.size)


main()
