# Exercises: a lazily recomputed cell network with properties, inheritance, dirty-marking recursion and edits (deltablue-like).
CHAIN = 400
EDITS = 1100
GRID = 30


class Cell:
    def __init__(self, name):
        self.name = name
        self.dependents = []
        self._value = 0
        self._dirty = True
        self.evaluations = 0

    def watch(self, other):
        other.dependents.append(self)

    def invalidate(self):
        # iterative so that long chains do not overflow the stack
        stack = [self]
        while stack:
            cell = stack.pop()
            for dep in cell.dependents:
                if not dep._dirty:
                    dep._dirty = True
                    stack.append(dep)

    @property
    def value(self):
        if self._dirty:
            self._value = self.compute()
            self._dirty = False
            self.evaluations += 1
        return self._value

    def compute(self):
        return self._value

    def __repr__(self):
        return "%s(%s=%d)" % (type(self).__name__, self.name, self.value)


class Input(Cell):
    def __init__(self, name, value):
        Cell.__init__(self, name)
        self._value = value
        self._dirty = False

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, v):
        if v != self._value:
            self._value = v
            self.invalidate()


class Formula(Cell):
    def __init__(self, name, *sources):
        Cell.__init__(self, name)
        self.sources = list(sources)
        for s in sources:
            self.watch(s)


class Copy(Formula):
    def compute(self):
        return self.sources[0].value


class Scale(Formula):
    def __init__(self, name, source, factor, offset):
        Formula.__init__(self, name, source)
        self.factor = factor
        self.offset = offset

    def compute(self):
        return (self.sources[0].value * self.factor + self.offset) % 1000003


class Sum(Formula):
    def compute(self):
        total = 0
        for s in self.sources:
            total += s.value
        return total % 1000003


class Max(Formula):
    def compute(self):
        return max(s.value for s in self.sources)


class Choose(Formula):
    """Picks one of two sources depending on a selector's parity."""

    def compute(self):
        sel, a, b = self.sources
        return a.value if sel.value % 2 == 0 else b.value


def chain_test(n, edits):
    first = Input("in", 1)
    prev = first
    cells = []
    for i in range(n):
        if i % 3 == 0:
            cell = Copy("c%d" % i, prev)
        elif i % 3 == 1:
            cell = Scale("s%d" % i, prev, 3, i)
        else:
            cell = Choose("k%d" % i, first, prev, cells[i - 2])
        cells.append(cell)
        prev = cell
    last = cells[-1]
    acc = 0
    for e in range(edits):
        first.value = e * 7 + 1
        acc = (acc + last.value) % 1000000007
        if e % 10 == 0:
            acc = (acc + cells[n // 2].value) % 1000000007
    evals = sum(c.evaluations for c in cells)
    return acc, evals


def grid_test(size, edits):
    inputs = [Input("r%d" % i, i + 1) for i in range(size)]
    rows = [inputs]
    for r in range(1, size):
        above = rows[-1]
        row = []
        for c in range(size):
            left = above[c - 1] if c > 0 else above[c]
            right = above[c + 1] if c + 1 < size else above[c]
            if (r + c) % 4 == 0:
                row.append(Max("m%d_%d" % (r, c), left, above[c], right))
            else:
                row.append(Sum("t%d_%d" % (r, c), left, above[c], right))
        rows.append(row)
    bottom = rows[-1]
    acc = 0
    for e in range(edits):
        inputs[e % size].value = (e * 13) % 997
        acc = (acc * 7 + bottom[(e * 5) % size].value) % 1000000007
    total = Sum("total", *bottom)
    evals = sum(c.evaluations for row in rows[1:] for c in row)
    return acc, total.value, evals, repr(bottom[0])


def main():
    acc, evals = chain_test(CHAIN, EDITS)
    print("chain", acc, "evaluations", evals)
    acc, total, evals, sample = grid_test(GRID, EDITS)
    print("grid", acc, total, "evaluations", evals)
    print("sample", sample)


main()
