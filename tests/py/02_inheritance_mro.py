# Inheritance: super(), cooperative multiple inheritance, MRO, overriding.


class Base:
    def __init__(self, name):
        self.name = name
        self.log = ["Base"]

    def greet(self):
        return f"Base greets {self.name}"

    def kind(self):
        return "base"


class Left(Base):
    def __init__(self, name):
        super().__init__(name)
        self.log.append("Left")

    def greet(self):
        return "Left+" + super().greet()


class Right(Base):
    def __init__(self, name):
        super().__init__(name)
        self.log.append("Right")

    def greet(self):
        return "Right+" + super().greet()

    def kind(self):
        return "right"


class Diamond(Left, Right):
    def __init__(self, name):
        super().__init__(name)
        self.log.append("Diamond")

    def greet(self):
        return "Diamond+" + super().greet()


d = Diamond("ann")
print(d.greet())
print(d.log)
print(d.kind())
print([c.__name__ for c in Diamond.__mro__])
print([c.__name__ for c in Diamond.mro()])
print(isinstance(d, Left), isinstance(d, Right), issubclass(Diamond, Base))
print(Diamond.__bases__[0].__name__, Diamond.__bases__[1].__name__)


class A:
    def who(self):
        return "A"


class B(A):
    def who(self):
        return "B>" + super().who()


class C(A):
    def who(self):
        return "C>" + super().who()


class D(B, C):
    pass


print(D().who(), "".join(k.__name__ for k in D.__mro__), B.who(D()), super(B, D()).who())
try:
    class Bad(A, B):
        pass
except TypeError as exc:
    print("MRO conflict:", type(exc).__name__)
