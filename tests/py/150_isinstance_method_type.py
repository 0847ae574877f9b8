# Compiled module-level functions installed as class attributes bind as methods through
# the descriptor protocol: types.MethodType, __func__, __self__ (issue 13).
import types

def norm2(self, k):
    return self.x * self.x * k + self.y * self.y

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def shift(self, k):
    return self * 3 + k

class Num(int):
    shift = shift

class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    norm2 = norm2
    total = staticmethod(sq)

def main():
    v = Vec(3, 4)
    t = 0
    for i in range(5000):
        t += v.norm2(i % 3)
    print(t, Vec.total(100000))
    m = v.norm2
    print(isinstance(m, types.MethodType), type(m) is types.MethodType, type(m).__name__)
    print(m.__func__ is norm2, m.__self__ is v, m(2), Vec.norm2 is norm2)
    print(isinstance(Vec.norm2, types.FunctionType), isinstance(Vec.total, types.FunctionType))
    print(Vec.__dict__["norm2"] is norm2, type(Vec.__dict__["total"]).__name__, Vec.__dict__["total"].__func__ is sq)
    print(m == v.norm2, m is v.norm2, m.__name__, m.__qualname__)
    bound = types.MethodType(sq, 10)
    print(bound(), isinstance(bound, types.MethodType), bound.__func__ is sq)
    t = 0
    for i in range(5000):
        t += shift(i, 1)
    n = Num(7)
    print(t, n.shift(2), isinstance(n.shift, types.MethodType), n.shift.__func__ is shift, Num.shift is shift)
    print(type(shift) is types.FunctionType, type(n.shift.__func__).__name__)
    print(type(norm2.__get__(v, Vec)) is types.MethodType, norm2.__get__(None, Vec) is norm2)

main()
