# The descriptor protocol on compiled functions: __get__ with and without an instance,
# classmethod/staticmethod/property wrapping them, and binding through a metaclass-free
# class created with type() (issue 13).
import types

def area(self, scale):
    return self.w * self.h * scale

def factor(cls, x):
    return x * cls.K

def perimeter(self):
    return 2 * (self.w + self.h)

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

Rect = type("Rect", (), {
    "area": area,
    "make": classmethod(factor),
    "K": 5,
    "perim": property(perimeter),
    "sq": staticmethod(sq),
})

def main():
    r = Rect()
    r.w, r.h = 3, 4
    t = 0
    for i in range(5000):
        t += r.area(i % 4) + Rect.make(i) + r.perim
    print(t, r.sq(100000))
    print(type(Rect.__dict__["area"]) is types.FunctionType, type(r.area) is types.MethodType)
    print(hasattr(area, "__get__"), type(area).__get__ is types.FunctionType.__get__)
    b = area.__get__(r, Rect)
    print(b(10), b.__self__ is r, b.__func__ is area, b.__func__.__name__)
    cm = Rect.make
    print(type(cm) is types.MethodType, cm.__self__ is Rect, cm.__func__ is factor, cm(2))
    print(Rect.__dict__["perim"].fget is perimeter, r.perim)
    print(Rect.sq is sq, r.sq is sq, type(Rect.__dict__["sq"]) is staticmethod)
    r.area = sq
    print(r.area(10), r.area is sq)

main()
