# Assigning __code__ of a function after it got hot replaces its behaviour; the code
# object read back is the one assigned (issue 13).
def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def cubes(n):
    s = 0
    for i in range(n):
        s += i * i * i
    return s

def add(a, b):
    return a + b

def sub(a, b):
    return a - b

def main():
    t = 0
    for i in range(5000):
        t += add(i, 3)
    print(t, sq(100000))
    original = add.__code__
    add.__code__ = sub.__code__
    print(add(10, 3), add.__code__ is sub.__code__, add.__name__, add.__code__.co_name)
    t = 0
    for i in range(5000):
        t += add(i, 3)
    print(t)
    add.__code__ = original
    print(add(10, 3), add.__code__ is original)
    sq.__code__ = cubes.__code__
    print(sq(100), sq(100000), sq.__code__.co_name)
    ns = {}
    exec("def mul(a, b):\n    return a * b\n", ns)
    add.__code__ = ns["mul"].__code__
    print(add(6, 7), [add(i, i) for i in range(4)])

main()
