# __doc__ and __annotations__ of compiled functions read as written and take writes;
# inspect.getdoc and typing.get_type_hints follow them (issue 13).
import inspect, typing

def sq(n: int) -> int:
    """Sum of squares below n."""
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a: float, b: float = 1.0) -> float:
    "Adds two floats."
    return a + b

def plain(x, y):
    return x * y

def main():
    t = 0.0
    for i in range(5000):
        t += add(float(i)) + plain(i, 2)
    print(t, sq(100000))
    print(sq.__doc__, add.__doc__, plain.__doc__, inspect.getdoc(sq))
    print(sq.__annotations__, add.__annotations__, plain.__annotations__)
    print(typing.get_type_hints(add), sq.__annotations__ is sq.__annotations__)
    sq.__doc__ = "Rewritten."
    plain.__annotations__ = {"x": int, "return": int}
    add.__annotations__["b"] = int
    print(sq.__doc__, inspect.getdoc(sq), plain.__annotations__, add.__annotations__["b"])
    print(str(inspect.signature(plain)), str(inspect.signature(add)))
    del sq.__doc__
    print(sq.__doc__, sq(10))
    plain.__annotations__ = {}
    print(plain.__annotations__, plain(3, 4), str(inspect.signature(plain)))

main()
