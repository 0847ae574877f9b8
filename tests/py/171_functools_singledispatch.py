# functools.singledispatch with compiled functions as the implementations: dispatch by
# argument type, registry contents, dispatch() identity, register by annotation (issue 13).
import functools, types

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

@functools.singledispatch
def describe(x):
    return "object"

def describe_int(x):
    return x * 2 + 1

def describe_float(x):
    return x * 0.5

def describe_bool(x: bool):
    return 0

describe.register(int, describe_int)
describe.register(float)(describe_float)
describe.register(describe_bool)

class Shape:
    @functools.singledispatchmethod
    def scale(self, k):
        return "?"
    @scale.register
    def _(self, k: int):
        return k * 3

def main():
    t = 0.0
    for i in range(5000):
        t += describe(i) + describe(float(i)) + describe_int(i)
    print(t, sq(100000), describe("s"), describe(True))
    print(describe.dispatch(int) is describe_int, describe.dispatch(float) is describe_float)
    print(describe.dispatch(bool) is describe_bool, describe.registry[int] is describe_int)
    print(sorted(c.__name__ for c in describe.registry))
    print(type(describe.registry[float]) is types.FunctionType, describe.__wrapped__.__name__)
    s = Shape()
    print(s.scale(4), s.scale("x"))

main()
