# Metaclasses (__new__ and __call__ overrides, a singleton) and __init_subclass__ hooks.


class Registry(type):
    classes = []

    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        mcs.classes.append(name)
        cls.tag = name.lower()
        return cls

    def __call__(cls, *args, **kwargs):
        instance = super().__call__(*args, **kwargs)
        instance.created_by_meta = True
        return instance


class Plugin(metaclass=Registry):
    def __init__(self, value=0):
        self.value = value


class AudioPlugin(Plugin):
    pass


p = AudioPlugin(5)
print(Registry.classes, AudioPlugin.tag, p.value, p.created_by_meta, type(AudioPlugin).__name__)
print(isinstance(AudioPlugin, Registry), isinstance(p, Plugin), issubclass(AudioPlugin, Plugin))


class Shape:
    registry = {}

    def __init_subclass__(cls, sides=0, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.sides = sides
        Shape.registry[cls.__name__] = sides


class Triangle(Shape, sides=3):
    pass


class Square(Shape, sides=4):
    pass


print(Shape.registry, Triangle.sides, Square().sides)


class Singleton(type):
    _instances = {}

    def __call__(cls, *args, **kwargs):
        if cls not in cls._instances:
            cls._instances[cls] = super().__call__(*args, **kwargs)
        return cls._instances[cls]


class Settings(metaclass=Singleton):
    def __init__(self, level=1):
        self.level = level


first = Settings(3)
second = Settings(9)
print(first is second, second.level, type(Settings).__name__, Singleton.__mro__[1].__name__)
