# inspect.getsource, getsourcelines, getfile and findsource of compiled functions and of
# functions with lifted loops show the source as written (issue 13).
import inspect, os

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    # adds
    return a + b

def report(n):
    names = {}
    t = 0
    for i in range(n):
        t += i % 7
    names["t"] = str(t)
    return names

def main():
    for i in range(5000):
        add(i, 1)
    print(sq(100000), report(100000))
    print(inspect.getsource(sq), end="")
    print(inspect.getsource(add), end="")
    lines, start = inspect.getsourcelines(report)
    print(start, len(lines), lines[0].rstrip(), lines[-1].rstrip())
    print(os.path.basename(inspect.getfile(sq)), os.path.basename(inspect.getsourcefile(add)))
    print(inspect.getsourcelines(add)[1], sq.__code__.co_firstlineno, report.__code__.co_firstlineno)
    print(inspect.getsource(main).count("\n"))
    print(repr(inspect.getcomments(add)))

main()
