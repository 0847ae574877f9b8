# __closure__ of functions that close over variables, called hot: the cells' contents,
# writing cell_contents, and functions without free variables having None (issue 13).
import types

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def make_affine(a, b):
    def affine(x):
        return a * x + b
    return affine

def make_acc():
    total = 0
    def acc(x):
        nonlocal total
        total += x
        return total
    return acc

def main():
    f = make_affine(3, 4)
    acc = make_acc()
    t = 0
    for i in range(5000):
        t += f(i)
        acc(i)
    print(t, acc(0), sq(100000))
    print(sq.__closure__, f.__code__.co_freevars, [c.cell_contents for c in f.__closure__])
    print(all(type(c) is types.CellType for c in f.__closure__), acc.__code__.co_freevars)
    f.__closure__[0].cell_contents = 10
    print(f(2))
    acc.__closure__[0].cell_contents = -5
    print(acc(1))
    g = types.FunctionType(f.__code__, f.__globals__, "g", None, (types.CellType(1), types.CellType(0)))
    print(g(7), g.__name__)

main()
