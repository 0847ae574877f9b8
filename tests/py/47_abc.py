# abc: ABC, abstractmethod, abstract properties, __subclasshook__, super() into abstract methods.
from abc import ABC, ABCMeta, abstractmethod


class Shape(ABC):
    @abstractmethod
    def area(self):
        ...

    @property
    @abstractmethod
    def name(self):
        ...

    def describe(self):
        return f"{self.name} with area {self.area():.2f}"


class Square(Shape):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side ** 2

    @property
    def name(self):
        return "square"


class Incomplete(Shape):
    def area(self):
        return 0


print(Square(3).describe(), isinstance(Square(1), Shape))
for cls in (Shape, Incomplete):
    try:
        cls()
    except TypeError as e:
        print(f"cannot instantiate {cls.__name__}:", type(e).__name__)
print(sorted(Shape.__abstractmethods__), sorted(Incomplete.__abstractmethods__), sorted(Square.__abstractmethods__))


class Drawable(metaclass=ABCMeta):
    @classmethod
    def __subclasshook__(cls, sub):
        if cls is Drawable:
            return any("draw" in vars(klass) for klass in sub.__mro__)
        return NotImplemented


class Canvas:
    def draw(self):
        return "drawing"


class Text:
    pass


print(isinstance(Canvas(), Drawable), isinstance(Text(), Drawable), issubclass(Canvas, Drawable))


class Base(ABC):
    @abstractmethod
    def step(self):
        return ["base step"]


class Impl(Base):
    def step(self):
        return super().step() + ["impl step"]


print(Impl().step())
