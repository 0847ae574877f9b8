# inspect.getclosurevars of compiled functions: the globals, builtins and names they
# use, as CPython reports them from their code (issue 13).
import inspect, math

SCALE = 3
OFFSET = 1.5

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def scaled(x):
    return x * SCALE + abs(x)

def dist(x, y):
    return math.sqrt(x * x + y * y) + OFFSET

def hyp(x, y):
    return math.sqrt(x * x + y * y) + abs(x - y) + math.pi

def outer(k):
    def inner(x):
        return x * k + SCALE
    return inner

def main():
    inner = outer(4)
    t = 0.0
    for i in range(5000):
        t += scaled(i) + dist(float(i), 1.0) + inner(i) + hyp(float(i), 2.0)
    print(round(t, 3), sq(100000))
    for f in (sq, scaled, dist, hyp, inner):
        cv = inspect.getclosurevars(f)
        print(f.__name__, dict(cv.nonlocals), sorted(cv.globals), sorted(cv.builtins), sorted(cv.unbound))

main()
