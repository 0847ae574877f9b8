# Type annotations present but not introspected: TypeVar, Generic, Protocol, Optional, Callable, NamedTuple, TypedDict.
from __future__ import annotations

from typing import Callable, Generic, Iterable, Iterator, NamedTuple, Optional, Protocol, TypedDict, TypeVar, Union

T = TypeVar("T")
K = TypeVar("K")


class Stack(Generic[T]):
    def __init__(self) -> None:
        self._items: list[T] = []

    def push(self, item: T) -> None:
        self._items.append(item)

    def pop(self) -> T:
        return self._items.pop()

    def __len__(self) -> int:
        return len(self._items)


class Greeter(Protocol):
    def greet(self, name: str) -> str: ...


class English:
    def greet(self, name: str) -> str:
        return f"Hello, {name}"


class Coordinates(NamedTuple):
    lat: float
    lon: float = 0.0


class Movie(TypedDict):
    title: str
    year: int


def first(items: Iterable[T], default: Optional[T] = None) -> Optional[T]:
    for item in items:
        return item
    return default


def apply_all(funcs: list[Callable[[int], int]], value: int) -> list[int]:
    return [f(value) for f in funcs]


def group_by(items: Iterable[T], key: Callable[[T], K]) -> dict[K, list[T]]:
    out: dict[K, list[T]] = {}
    for item in items:
        out.setdefault(key(item), []).append(item)
    return out


def countdown(n: Union[int, str]) -> Iterator[int]:
    n = int(n)
    while n > 0:
        yield n
        n -= 1


s: Stack[int] = Stack()
for i in range(4):
    s.push(i * i)
print(len(s), s.pop(), s.pop(), len(s))
g: Greeter = English()
c = Coordinates(51.5)
print(g.greet("typing"), c, c.lat, c._replace(lon=-0.1), Coordinates._fields)
m: Movie = {"title": "Metropolis", "year": 1927}
print(m, type(m).__name__)
print(first([]), first([], "empty"), first("xyz"), apply_all([abs, lambda v: v * 3, lambda v: -v], -4))
print(group_by(["ant", "bee", "cat", "ape"], key=lambda w: w[0]), list(countdown(3)), list(countdown("2")))
names: list[str] = ["a", "b"]
maybe: Optional[dict[str, int]] = None
print(names, maybe, T.__name__, isinstance(s, Stack))
