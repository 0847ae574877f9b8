# Class bodies that run hot loops: the class namespace, vars(cls) and the class's
# attributes hold only the names the body defined (issue 13).
IGNORED = {"__firstlineno__", "__static_attributes__"}

def weight(a, b):
    return a * 3 + b

class Table:
    SIZE = 100000
    total = 0
    for i in range(SIZE):
        total += i * i
    squares = [k * k for k in range(5)]
    names = {"a": 1}
    acc = 0
    for j in range(SIZE):
        acc += j % 7
    label = "t" + str(acc)
    weights = 0
    for i in range(5000):
        weights += weight(i, 1)
    def fill(n):
        out = []
        s = 0
        for i in range(n):
            s += i ^ 3
        out.append(s)
        return out
    filled = fill(100000)
    del fill

class Derived(Table):
    extra = 0
    for i in range(100000):
        extra += i & 1

def names(cls):
    return sorted(k for k in vars(cls) if k not in IGNORED)

def main():
    print(Table.total, Table.acc, Table.label, Table.i, Table.j, Derived.extra, Table.weights, Table.filled)
    print(names(Table))
    print(names(Derived))
    print([k for k in dir(Table) if not k.startswith("__")])
    print([k for k in globals() if not k.startswith("__")])

main()
