# Plain objects and __slots__ objects whose attributes are compiled functions, copied
# with copy.copy, copy.deepcopy and a custom __deepcopy__ (issue 13).
import copy

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def cube(x):
    return x * x * x

class Handler:
    def __init__(self, fn, extra):
        self.fn = fn
        self.extra = extra
    def run(self, n):
        return self.fn(n) + len(self.extra)

class Slotted:
    __slots__ = ("fn", "k")
    def __init__(self, fn, k):
        self.fn = fn
        self.k = k

class Custom:
    def __init__(self, fn):
        self.fn = fn
        self.calls = [0]
    def __deepcopy__(self, memo):
        new = Custom(copy.deepcopy(self.fn, memo))
        new.calls = list(self.calls)
        return new

def main():
    t = 0
    for i in range(5000):
        t += cube(i % 50)
    print(t, sq(100000))
    h = Handler(sq, ["a", "b"])
    h1, h2 = copy.copy(h), copy.deepcopy(h)
    print(h1.fn is sq, h2.fn is sq, h1.extra is h.extra, h2.extra is h.extra, h2.run(10))
    s = Slotted(cube, 2)
    s2 = copy.deepcopy(s)
    print(s2.fn is cube, s2.k, s2.fn(3))
    c = Custom(cube)
    c2 = copy.deepcopy(c)
    print(c2.fn is cube, c2.calls == c.calls, c2.calls is c.calls)
    print(copy.deepcopy([h, h])[0] is copy.deepcopy([h, h])[1], copy.deepcopy({1: c})[1].fn(2))

main()
