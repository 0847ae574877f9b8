# __wrapped__ on and around compiled functions: functools.wraps sets it, a manual
# assignment on a compiled function is honoured by inspect.unwrap and signature (issue 13).
import functools, inspect

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a + b

def mul(x, y, z=1):
    return x * y * z

def logged(f):
    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        return f(*args, **kwargs)
    return wrapper

ladd = logged(add)

def main():
    t = 0
    for i in range(5000):
        t += ladd(i, 2) + add(i, i) + mul(i, 2)
    print(t, sq(100000))
    print(ladd.__wrapped__ is add, inspect.unwrap(ladd) is add, hasattr(add, "__wrapped__"))
    add.__wrapped__ = mul
    print(add.__wrapped__ is mul, inspect.unwrap(add) is mul, str(inspect.signature(add)))
    print(str(inspect.signature(add, follow_wrapped=False)), str(inspect.signature(ladd)))
    print(add(2, 3), inspect.unwrap(ladd) is mul)
    del add.__wrapped__
    print(hasattr(add, "__wrapped__"), str(inspect.signature(ladd)))

main()
