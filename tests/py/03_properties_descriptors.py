# Properties (getter/setter), cached_property, custom descriptors, __set_name__.
import functools


class Temperature:
    def __init__(self, celsius):
        self._c = celsius

    @property
    def celsius(self):
        return self._c

    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._c = value

    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32


t = Temperature(25)
print(t.celsius, t.fahrenheit)
t.celsius = 100
print(t.celsius, t.fahrenheit)
try:
    t.celsius = -300
except ValueError as e:
    print("ValueError:", e)
try:
    t.fahrenheit = 10
except AttributeError as e:
    print("cannot set:", type(e).__name__)


class Positive:
    def __set_name__(self, owner, name):
        self.name = name
        self.private = "_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.private, 0)

    def __set__(self, obj, value):
        if value <= 0:
            raise ValueError(f"{self.name} must be positive, got {value}")
        setattr(obj, self.private, value)


class Box:
    width = Positive()
    height = Positive()

    def __init__(self, w, h):
        self.width = w
        self.height = h

    @functools.cached_property
    def area(self):
        print("computing area")
        return self.width * self.height


b = Box(3, 4)
print(b.width, b.height, b.area, b.area)
print(Box.width.name, Box.height.private, type(Box.width).__name__)
try:
    b.height = -1
except ValueError as e:
    print(e)
b.width = 10
print(b.area, "cached stays")
del b.area
print(b.area)
