# Operator overloading: arithmetic, reflected and in-place dunders, container protocol.
import math


class Vec:
    def __init__(self, *components):
        self.c = tuple(components)

    def __repr__(self):
        return "Vec(" + ", ".join(repr(x) for x in self.c) + ")"

    def __add__(self, other):
        return Vec(*(a + b for a, b in zip(self.c, other.c)))

    def __sub__(self, other):
        return Vec(*(a - b for a, b in zip(self.c, other.c)))

    def __mul__(self, k):
        if isinstance(k, Vec):
            return sum(a * b for a, b in zip(self.c, k.c))
        return Vec(*(a * k for a in self.c))

    __rmul__ = __mul__

    def __truediv__(self, k):
        return Vec(*(a / k for a in self.c))

    def __abs__(self):
        return math.sqrt(sum(a * a for a in self.c))

    def __bool__(self):
        return any(self.c)

    def __len__(self):
        return len(self.c)

    def __getitem__(self, i):
        return self.c[i]

    def __iadd__(self, other):
        print("  (in-place add)")
        self.c = (self + other).c
        return self

    def __eq__(self, other):
        return isinstance(other, Vec) and self.c == other.c

    def __contains__(self, x):
        return x in self.c


v = Vec(1, 2, 3)
w = Vec(4, 5, 6)
print(v + w, v - w, w - v)
print(v * 2, 3 * v, v * w, v / 2)
print(abs(Vec(3, 4)), bool(Vec(0, 0)), bool(v), len(v), v[0], v[-1], v[1:], 2 in v, 9 in v)
u = v
u += w
print(u, v, u is v)
print(v == Vec(5, 7, 9), v != w, list(v), sum(Vec(1, 1, 1) * 5))


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        if isinstance(other, int):
            return Money(self.cents + other)
        return Money(self.cents + other.cents)

    def __radd__(self, other):
        return self.__add__(other)

    def __repr__(self):
        return f"${self.cents // 100}.{self.cents % 100:02d}"


print(sum([Money(150), Money(275), Money(5)]), Money(99) + 1, 1 + Money(1))
