# Structural pattern matching: literals, sequences, mappings, classes, guards, or/as patterns.
from dataclasses import dataclass


@dataclass
class Point:
    x: int
    y: int


def describe(value):
    match value:
        case 0 | 0.0:
            return "zero"
        case True | False as flag:
            return f"bool {flag}"
        case int(n) if n < 0:
            return f"negative int {n}"
        case int() | float():
            return f"number {value}"
        case "":
            return "empty string"
        case str(s) if s.isupper():
            return f"shout {s}"
        case str():
            return f"string of {len(value)}"
        case []:
            return "empty list"
        case [x]:
            return f"singleton {x!r}"
        case [first, second]:
            return f"pair {first}, {second}"
        case [first, *rest] if len(rest) > 3:
            return f"long list starting {first} with {len(rest)} more"
        case (a, b, c):
            return f"triple {a}{b}{c}"
        case {"type": "user", "name": str(name), **extra}:
            return f"user {name} extras={sorted(extra)}"
        case {"type": kind}:
            return f"typed mapping {kind}"
        case Point(x=0, y=0):
            return "origin"
        case Point(x=0, y=y) | Point(x=y, y=0):
            return f"on an axis at {y}"
        case Point(x, y) if x == y:
            return f"diagonal {x}"
        case None:
            return "nothing"
        case _:
            return f"other {type(value).__name__}"


tests = [0, 0.0, True, -5, 42, 2.5, "", "HEY", "hello", [], [1], ["a", "b"], [1, 2, 3, 4, 5],
         (7, 8, 9), {"type": "user", "name": "ann", "age": 3, "id": 1}, {"type": "admin"},
         Point(0, 0), Point(0, 5), Point(6, 0), Point(3, 3), Point(1, 2),
         None, {1, 2}, b"x"]
for t in tests:
    print(describe(t))


def run(command):
    match command.split():
        case ["go", ("north" | "south" | "east" | "west") as direction]:
            return f"going {direction}"
        case ["take", *objects] if objects:
            return "taking " + " and ".join(objects)
        case ["quit" | "exit"]:
            return "bye"
        case [verb, *_]:
            return f"unknown verb {verb}"
        case _:
            return "empty command"


for cmd in ["go north", "go up", "take key lamp", "take", "quit", "exit", "", "dance wildly"]:
    print(repr(cmd), "->", run(cmd))
