# collections.abc checks, ABC.register for virtual subclasses, and a Sequence subclass getting mixin methods.
import collections.abc as cabc
from abc import ABC, abstractmethod

checks = {"list": [], "tuple": (), "dict": {}, "set": set(), "str": "s", "bytes": b"b", "int": 5,
          "iterator": iter([]), "range": range(3), "builtin": len, "generator": (x for x in [])}
for label, obj in checks.items():
    flags = [isinstance(obj, abc_cls) for abc_cls in
             (cabc.Iterable, cabc.Iterator, cabc.Sequence, cabc.Mapping, cabc.Set, cabc.Hashable, cabc.Callable, cabc.Sized)]
    print(f"{label:>10}", "".join("Y" if f else "." for f in flags))


class Bag(cabc.Sequence):
    def __init__(self, *items):
        self.items = items

    def __getitem__(self, i):
        return self.items[i]

    def __len__(self):
        return len(self.items)


bag = Bag(3, 1, 3)
print(list(bag), bag.index(1), bag.count(3), 1 in bag, list(reversed(bag)))


class Serializer(ABC):
    @abstractmethod
    def dumps(self, obj):
        ...


class Legacy:
    def dumps(self, obj):
        return repr(obj)


Serializer.register(Legacy)
print(isinstance(Legacy(), Serializer), issubclass(Legacy, Serializer), Legacy().dumps([1]))
cabc.Sequence.register(Legacy)
print(isinstance(Legacy(), cabc.Sequence), issubclass(Legacy, cabc.Iterable), Serializer in Legacy.__mro__)
