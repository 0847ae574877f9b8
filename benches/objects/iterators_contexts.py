# Exercises: the iterator protocol (__iter__/__next__, __getitem__, __reversed__, __contains__) and context managers.
import contextlib

SIZE = 220000


class Countdown:
    def __init__(self, start):
        self.start = start

    def __iter__(self):
        return CountdownIter(self.start)

    def __reversed__(self):
        return iter(range(1, self.start + 1))

    def __len__(self):
        return self.start

    def __contains__(self, x):
        return 0 < x <= self.start


class CountdownIter:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1


class Squares:
    """Old-style sequence iteration through __getitem__."""

    def __init__(self, limit):
        self.limit = limit

    def __getitem__(self, i):
        if i >= self.limit:
            raise IndexError(i)
        return i * i


class LinkedList:
    class _Node:
        __slots__ = ("value", "next")

        def __init__(self, value, nxt):
            self.value = value
            self.next = nxt

    def __init__(self, items=()):
        self.head = None
        self.size = 0
        for x in reversed(list(items)):
            self.push(x)

    def push(self, value):
        self.head = self._Node(value, self.head)
        self.size += 1

    def __iter__(self):
        node = self.head
        while node is not None:
            yield node.value
            node = node.next

    def __len__(self):
        return self.size


class Peekable:
    def __init__(self, iterable):
        self.it = iter(iterable)
        self.buffer = []

    def __iter__(self):
        return self

    def __next__(self):
        if self.buffer:
            return self.buffer.pop()
        return next(self.it)

    def peek(self, default=None):
        if not self.buffer:
            try:
                self.buffer.append(next(self.it))
            except StopIteration:
                return default
        return self.buffer[-1]


class Resource:
    opened = 0
    closed = 0

    def __init__(self, name, log):
        self.name = name
        self.log = log

    def __enter__(self):
        Resource.opened += 1
        self.log.append("+" + self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        Resource.closed += 1
        self.log.append("-" + self.name)
        # swallow only ValueError
        return exc_type is ValueError


class Indent:
    def __init__(self):
        self.level = 0
        self.lines = []

    @contextlib.contextmanager
    def block(self, header):
        self.emit(header + ":")
        self.level += 1
        try:
            yield self
        finally:
            self.level -= 1

    def emit(self, text):
        self.lines.append("    " * self.level + text)


def main():
    cd = Countdown(SIZE)
    total = sum(cd)
    rev = list(reversed(cd))
    print("countdown", total, len(cd), rev[:3], SIZE in cd, 0 in cd)

    sq = Squares(SIZE)
    evens = [v for v in sq if v % 2 == 0]
    print("squares", len(evens), evens[-1], 49 in sq)

    ll = LinkedList(range(SIZE))
    pairs = sum(a * b for a, b in zip(ll, ll) if a % 3 == 0) % 1000003
    print("linked", len(ll), pairs, max(ll), list(ll)[-3:])

    runs = []
    pk = Peekable((v * v // 5) % 7 for v in range(SIZE))
    for v in pk:
        length = 1
        while pk.peek() == v:
            next(pk)
            length += 1
        runs.append(length)
    print("runs", len(runs), max(runs), sum(runs))

    log = []
    swallowed = 0
    escaped = 0
    for i in range(SIZE // 4):
        try:
            with Resource("a%d" % (i % 5), log) as a, Resource("b", log):
                if i % 3 == 0:
                    raise ValueError(a.name)
                if i % 7 == 0:
                    raise KeyError(i)
            swallowed += i % 3 == 0
        except KeyError:
            escaped += 1
    print("resources", Resource.opened, Resource.closed, swallowed, escaped, len(log), log[:4])

    ind = Indent()
    for i in range(SIZE // 20):
        with ind.block("def f%d()" % i):
            with ind.block("if x"):
                ind.emit("return %d" % i)
            ind.emit("pass")
    print("indent", len(ind.lines), ind.lines[1], ind.lines[-1], ind.level)

    with contextlib.suppress(ZeroDivisionError):
        1 // 0
    stack_log = []
    with contextlib.ExitStack() as stack:
        for i in range(5):
            stack.enter_context(Resource("s%d" % i, stack_log))
    print("exitstack", stack_log)

    it = iter(Countdown(10))
    first = [next(it) for _ in range(3)]
    print("partial", first, list(it), next(it, "done"))


main()
