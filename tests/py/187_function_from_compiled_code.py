# New functions built from a compiled function's code object with types.FunctionType
# and code.replace, called hot in their turn (issue 13).
import types

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a + b

def main():
    for i in range(5000):
        add(i, 1)
    print(sq(100000))
    add2 = types.FunctionType(add.__code__, globals(), "add2")
    t = 0
    for i in range(5000):
        t += add2(i, 2)
    # (no __qualname__: CPython 3.11 takes the code's co_qualname, rustpython the name)
    print(t, add2.__name__, add2.__code__ is add.__code__, type(add2) is type(add))
    sq3 = types.FunctionType(sq.__code__, {"range": lambda n: [1, 2, 3]}, "sq3")
    print(sq3(100000), sq3.__globals__ is not sq.__globals__)
    renamed = add.__code__.replace(co_name="plus")
    add.__code__ = renamed
    print(add(4, 5), add.__code__.co_name, add.__name__)
    fdefs = types.FunctionType(add.__code__, globals(), "with_defaults", (10, 20))
    print(fdefs(), fdefs(1), fdefs.__defaults__)
    print(sorted(k for k in add.__code__.co_names), sorted(sq.__code__.co_names))

main()
