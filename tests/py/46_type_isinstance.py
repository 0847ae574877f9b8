# type(), isinstance/issubclass, dynamic class creation with type(), __instancecheck__ via a metaclass.
values = [1, 2.0, "s", b"b", [1], (1,), {1: 1}, {1}, None, True, 3j, range(2), len, type]
print([type(v).__name__ for v in values])
print(type(1) is int, type(True) is bool, type(True) is int, isinstance(True, int), isinstance(1, bool))
print(isinstance(3, (str, float)), isinstance(3, (str, int)), issubclass(bool, int), issubclass(int, object))
print(type(int), type(type), type(None).__name__, type(len).__name__, type([].append).__name__)
print(int, str, type(1.5), type("x"), type([]) == list)
print(callable(len), callable(3), callable(int), callable(lambda: 0), callable("x".upper))


class Animal:
    sound = "..."

    def speak(self):
        return f"{type(self).__name__} says {self.sound}"


Dog = type("Dog", (Animal,), {"sound": "woof", "fetch": lambda self: "fetching"})
d = Dog()
print(d.speak(), d.fetch(), Dog.__name__, Dog.__bases__[0].__name__, isinstance(d, Animal))
print(type(d) is Dog, type(d).__mro__[1].__name__, Dog.__dict__["sound"])


class Meta(type):
    def __instancecheck__(cls, obj):
        return hasattr(obj, "quack")


class Duck(metaclass=Meta):
    pass


class Robot:
    quack = True


print(isinstance(Robot(), Duck), isinstance(5, Duck), Animal.__subclasses__()[0].__name__)
print(type(3) == type(4), type(3.0) != type(3), (1).__class__.__name__, int.__class__.__name__)
print(isinstance([], object), isinstance(object, type), isinstance(type, object), type.__mro__ == (type, object))
