# Iterator helpers: a peekable wrapper, partially consumed iterators, a sliding window, and iter() details.
from collections import deque


class Peekable:
    _missing = object()

    def __init__(self, iterable):
        self._it = iter(iterable)
        self._peeked = self._missing

    def __iter__(self):
        return self

    def __next__(self):
        if self._peeked is not self._missing:
            value, self._peeked = self._peeked, self._missing
            return value
        return next(self._it)

    def peek(self, default=None):
        if self._peeked is self._missing:
            self._peeked = next(self._it, default)
        return self._peeked


p = Peekable("abc")
print(p.peek(), next(p), p.peek(), p.peek(), list(p), p.peek("done"))
lines = iter(["header", "a", "b", "", "footer"])
header = next(lines)
body = []
for line in lines:
    if not line:
        break
    body.append(line)
print(header, body, list(lines))
gen = (n for n in range(3))
print(iter(gen) is gen, hasattr([], "__next__"), hasattr(iter([]), "__next__"), next(iter("xyz")))


def sliding_window(iterable, size):
    it = iter(iterable)
    window = deque(maxlen=size)
    for item in it:
        window.append(item)
        if len(window) == size:
            yield tuple(window)


print(list(sliding_window(range(6), 3)), list(sliding_window("ab", 3)))
shared = iter(range(10))
print(list(zip(shared, shared)), list(shared))
evens = (n for n in range(10) if n % 2 == 0)
print(4 in evens, list(evens))
