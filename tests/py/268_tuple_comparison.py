# Tuple comparison as CPython compares: found by the differential fuzzer, where
# `(0.0, 0) >= (1j, 0)` said "'>' not supported" (CPython: '>='). Past the equal items,
# the first unequal pair is compared with the same operator, and its answer is the
# answer, whatever object it is; an item is equal to itself (a NaN too).
from collections import namedtuple


class Loose:
    """`>=` and `<=` are true, `>` and `<` false: only the operator asked decides."""

    def __init__(self, tag):
        self.tag = tag

    def __eq__(self, other):
        return False

    def __ge__(self, other):
        return True

    def __le__(self, other):
        return True

    def __gt__(self, other):
        return False

    def __lt__(self, other):
        return False

    def __hash__(self):
        return 1


class Answer:
    """Comparisons answer a string, which tuple comparison hands back as it is."""

    def __eq__(self, other):
        return False

    def __lt__(self, other):
        return "less, says Answer"

    def __hash__(self):
        return 2


for op in ("<", "<=", ">", ">="):
    for left, right in (((0.0, 0), (1j, 0)), ((1, "a"), (1, 2)), ([1], [1j])):
        try:
            print(op, eval(f"left {op} right"))
        except TypeError as e:
            print(op, "TypeError", e)

a, b = Loose("a"), Loose("b")
print((1, a) >= (1, b), (1, a) > (1, b), (a,) <= (b,), (a,) < (b,), (a,) == (b,), (a,) != (b,))
print((Answer(), 1) < (Answer(), 2))
nan = float("nan")
print((nan,) == (nan,), (nan, 1) < (nan, 2), (float("nan"),) == (float("nan"),))
print((1, 2) < (1, 2, 3), (1, 2, 3) <= (1, 2), () < (0,), (1,) == (1.0,), (1, 2) != (1, 2))
Point = namedtuple("Point", "x y")
print(Point(1, 2) < Point(1, 3), Point(1, 2) == (1, 2), (1, 2) >= Point(1, 2))
pairs = [(k % 7, -k) for k in range(200)]
print(sorted(pairs)[:4], max(pairs), min(pairs))
print(tuple.__ge__((0.0, 0), (1j, 0)) if False else tuple.__lt__((1, 2), (1, 3)), tuple.__eq__((1,), [1]))
