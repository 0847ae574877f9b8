# functools: singledispatch, singledispatchmethod, cmp_to_key, partialmethod, update_wrapper details.
import functools


@functools.singledispatch
def describe(obj):
    return f"object:{type(obj).__name__}"


@describe.register
def _(obj: int):
    return f"int:{obj * 2}"


@describe.register(list)
@describe.register(tuple)
def _(obj):
    return f"{type(obj).__name__}:" + ",".join(describe(x) for x in obj)


@describe.register(dict)
def _(obj):
    return "dict:" + ",".join(f"{k}={describe(v)}" for k, v in obj.items())


def compare_len_then_alpha(a, b):
    return (len(a) > len(b)) - (len(a) < len(b)) or (a > b) - (a < b)


class Formatter:
    @functools.singledispatchmethod
    def fmt(self, arg):
        return f"<{arg}>"

    @fmt.register
    def _(self, arg: float):
        return f"{arg:.2f}"

    @fmt.register
    def _(self, arg: str):
        return arg.upper()


class Cell:
    def __init__(self):
        self.alive = False

    def set_state(self, state):
        self.alive = state
        return self

    set_alive = functools.partialmethod(set_state, True)
    set_dead = functools.partialmethod(set_state, False)


print(describe(21), describe("s"), describe([1, "a", 2.5]), describe(True), describe((3, [4])))
print(describe({"k": 1, "j": (2,)}), describe(None), describe.dispatch(bool).__name__ == describe.dispatch(int).__name__)
print(sorted(describe.registry, key=lambda t: t.__name__) == sorted([object, int, list, tuple, dict], key=lambda t: t.__name__))
words = ["ccc", "a", "bb", "aa", "b", "abc"]
print(sorted(words, key=functools.cmp_to_key(compare_len_then_alpha)))
print(sorted(words, key=functools.cmp_to_key(lambda a, b: (a < b) - (a > b))))
f = Formatter()
print(f.fmt(3), f.fmt(2.5), f.fmt("text"), f.fmt([1]))
cell = Cell()
print(cell.set_alive().alive, cell.set_dead().alive, cell.set_state("custom").alive)


def original(a, b=2):
    """Original docstring."""
    return a + b


def wrapper(*args, **kwargs):
    return original(*args, **kwargs) * 10


functools.update_wrapper(wrapper, original)
print(wrapper(1), wrapper.__name__, wrapper.__doc__, wrapper.__wrapped__ is original, wrapper.__wrapped__(1, 1))
print(functools.reduce(lambda acc, x: acc * 10 + x, [1, 2, 3, 4], 0), functools.reduce(lambda a, b: a + b, ["x"]))
