# Dataclasses: defaults, default_factory, repr/eq, order, __post_init__, field options.
from dataclasses import dataclass, field, fields


@dataclass
class Item:
    name: str
    price: float
    quantity: int = 1
    tags: list = field(default_factory=list)

    def total(self):
        return self.price * self.quantity


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    patch: int = 0
    label: str = field(default="", compare=False)

    def __str__(self):
        return f"{self.major}.{self.minor}.{self.patch}{self.label}"


@dataclass
class Rectangle:
    width: float
    height: float
    area: float = field(init=False)
    secret: str = field(default="hidden", repr=False)

    def __post_init__(self):
        self.area = self.width * self.height


apple = Item("apple", 0.5, 6)
pear = Item("pear", 0.75)
pear.tags.append("green")
print(apple)
print(pear)
print(apple.total(), pear.total())
print(apple == Item("apple", 0.5, 6, []), apple == pear)
print(Item("x", 1.0).tags is Item("y", 2.0).tags)

versions = [Version(1, 2, 3), Version(1, 0), Version(0, 9, 9, "-beta"), Version(1, 2, 0)]
print(sorted(versions))
print([str(v) for v in sorted(versions, reverse=True)])
print(Version(1, 0, 0, "a") == Version(1, 0, 0, "b"), Version(2) > Version(1, 99))

r = Rectangle(3, 4.5)
print(r, r.area, r.secret)
print([f.name for f in fields(Rectangle)])
print([(f.name, f.init, f.repr) for f in fields(Rectangle)])


@dataclass
class Node:
    value: int
    children: list = field(default_factory=list)

    def add(self, value):
        child = Node(value)
        self.children.append(child)
        return child

    def walk(self, depth=0):
        yield depth, self.value
        for c in self.children:
            yield from c.walk(depth + 1)


root = Node(1)
two = root.add(2)
two.add(4)
root.add(3).add(5)
for depth, value in root.walk():
    print("  " * depth + str(value))
print(root)
