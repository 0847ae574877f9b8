# Dataclasses: frozen (hashable) instances, asdict/astuple, replace, kw_only, inheritance.
import dataclasses
from dataclasses import dataclass, field, asdict, astuple, replace


@dataclass(frozen=True)
class Coord:
    lat: float
    lon: float

    def shifted(self, d):
        return replace(self, lat=self.lat + d)


c = Coord(51.5, -0.12)
print(c, hash(c) == hash(Coord(51.5, -0.12)))
try:
    c.lat = 0
except dataclasses.FrozenInstanceError as e:
    print("frozen:", type(e).__name__, isinstance(e, AttributeError))
print(c.shifted(1.5), c)
print(len({Coord(1, 2), Coord(1, 2), Coord(2, 1)}))


@dataclass
class Address:
    street: str
    city: str


@dataclass
class Person:
    name: str
    age: int
    address: Address
    emails: list = field(default_factory=list)


p = Person("Ada", 36, Address("1 Main St", "London"), ["ada@example.com"])
print(asdict(p))
print(astuple(p))
p2 = replace(p, age=37)
print(p2.age, p.age, p2.address is p.address)


@dataclass(kw_only=True)
class Options:
    verbose: bool = False
    level: int = 1


print(Options(level=3), Options())
try:
    Options(True)
except TypeError as e:
    print("kw_only:", type(e).__name__)


@dataclass
class Animal:
    name: str
    sound: str = "..."

    def speak(self):
        return f"{self.name} says {self.sound}"


@dataclass
class Dog(Animal):
    sound: str = "woof"
    tricks: tuple = ()


d = Dog("Rex", tricks=("sit", "roll"))
print(d, d.speak())
print(isinstance(d, Animal), [f.name for f in dataclasses.fields(Dog)])


print(dataclasses.is_dataclass(d), dataclasses.is_dataclass(Dog), dataclasses.is_dataclass(5))
