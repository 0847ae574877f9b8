# Decorators written with functools.wraps around compiled functions: a call counter and
# a validator keep the wrapped function's metadata, and the wrapped function stays a
# function (issue 13).
import functools, types

def counted(f):
    @functools.wraps(f)
    def wrapper(*args):
        wrapper.calls += 1
        return f(*args)
    wrapper.calls = 0
    return wrapper

def positive(f):
    @functools.wraps(f)
    def wrapper(x):
        if x < 0:
            raise ValueError("negative: %r" % (x,))
        return f(x)
    return wrapper

def sq(n):
    """Sum of squares."""
    s = 0
    for i in range(n):
        s += i * i
    return s

def cube(x):
    return x * x * x

csq = counted(sq)
ccube = counted(cube)
pcube = positive(cube)

def main():
    t = 0
    for i in range(5000):
        t += ccube(i % 100) + pcube(i % 10)
    print(t, csq(100000), ccube.calls, csq.calls)
    for w, f in ((csq, sq), (ccube, cube), (pcube, cube)):
        print(w.__name__, w.__qualname__, w.__doc__, w.__module__, w.__wrapped__ is f)
        print(type(w.__wrapped__) is types.FunctionType, w.__dict__.get("__wrapped__") is f)
    print(sorted(k for k in vars(ccube) if k != "__wrapped__"))
    try:
        pcube(-1)
    except ValueError as e:
        print(e)
    w2 = functools.update_wrapper(lambda *a: sq(*a), sq)
    print(w2.__name__, w2(10), w2.__wrapped__ is sq)

main()
