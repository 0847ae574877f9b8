# enum: Enum, IntEnum, auto, Flag, unique, iteration, lookup by value/name, members.
from enum import Enum, Flag, IntEnum, auto, unique


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3

    def describe(self):
        return f"{self.name.lower()} ({self.value})"


class Priority(IntEnum):
    LOW = auto()
    MEDIUM = auto()
    HIGH = auto()


class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()


print(Color.RED, repr(Color.GREEN), Color.BLUE.name, Color.BLUE.value, Color.RED.describe())
print(Color(2), Color["BLUE"], Color.RED is Color(1), Color.RED == 1, list(Color))
print([c.name for c in Color], len(Color), list(Color.__members__), type(Color.RED).__name__)
print(isinstance(Color.RED, Color), Color.RED in Color, hash(Color.RED) == hash(Color.RED))
try:
    Color(7)
except ValueError as e:
    print("bad value:", type(e).__name__)
try:
    Color["PINK"]
except KeyError as e:
    print("bad name:", type(e).__name__)
print(Priority.LOW, Priority.HIGH.value, Priority.HIGH > Priority.LOW, Priority.MEDIUM + 10, int(Priority.HIGH))
print(repr(Priority.MEDIUM), sorted([Priority.HIGH, Priority.LOW, Priority.MEDIUM]), Priority(2).name)
print([p.value for p in Priority], Priority.LOW == 1, f"{Priority.HIGH}", f"{Priority.HIGH.name}")
rw = Perm.R | Perm.W
print(rw.value, Perm.R in rw, Perm.X in rw, bool(Perm.R & Perm.X), (rw | Perm.X).value, Perm.R.value, Perm.X.value)
print(Perm(3) == rw, Perm.W.name, [m.name for m in Perm])
try:
    @unique
    class Dup(Enum):
        A = 1
        B = 1
except ValueError as e:
    print("unique violated:", type(e).__name__)


class Alias(Enum):
    ONE = 1
    UNO = 1
    TWO = 2


print(Alias.UNO is Alias.ONE, Alias.UNO.name, [m.name for m in Alias], list(Alias.__members__))
Animal = Enum("Animal", "CAT DOG BIRD")
print(Animal.DOG.value, [a.name for a in Animal], Animal(3).name)


class Status(Enum):
    ACTIVE = "active"
    INACTIVE = "inactive"

    @classmethod
    def parse(cls, text):
        return cls(text.lower())


print(Status.parse("ACTIVE"), Status.INACTIVE.value, {s.name: s.value for s in Status})
lookup = {Color.RED: "stop", Color.GREEN: "go"}
print(lookup[Color.RED], lookup.get(Color.BLUE, "?"), max(Priority).name, min(Priority, key=lambda p: -p.value).name)
