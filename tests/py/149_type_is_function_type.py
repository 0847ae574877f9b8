# type() of compiled functions is types.FunctionType; its name, module and qualname
# are CPython's, and isinstance/issubclass agree (issue 13).
import types

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a + b

def fdiv(x, y):
    return x / y

def main():
    for i in range(5000):
        add(i, 1); fdiv(float(i), 3.0)
    sq(100000)
    for f in (sq, add, fdiv):
        t = type(f)
        print(f.__name__, t is types.FunctionType, t.__name__, t.__qualname__, t.__module__)
        print(isinstance(f, types.FunctionType), isinstance(f, types.BuiltinFunctionType), issubclass(t, types.FunctionType))
        print(f.__class__ is types.FunctionType, type(f) == type(main), str(type(f)))
    print(type(sq) is type(lambda: 0), {type(add), type(sq), type(fdiv)} == {types.FunctionType})
    print(type(sq).__call__ is types.FunctionType.__call__)

main()
