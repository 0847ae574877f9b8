# Automatic mode leaves what a program sees of its functions alone: names, docs,
# defaults, code, signature, attributes set on them, wraps, kwargs, recursion, method
# binding, isinstance/inspect (only type(f) itself names pynum's dispatcher).
import functools, inspect
def add(a, b=2):
    "Adds."
    return a + b
def deco(f):
    @functools.wraps(f)
    def w(*args):
        return f(*args) * 10
    return w
@deco
def mul(a, b):
    return a * b
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
add.tag = "t"
print(add.__name__, add.__qualname__, add.__doc__, add.__module__, add.__defaults__, add.tag)
print(add.__code__.co_varnames, add.__code__.co_argcount, inspect.signature(add))
print(add(1), add(1, 5), add(a=1, b=3), mul(2, 3), mul.__name__, mul.__wrapped__.__name__, fact(10))
print(callable(add), inspect.isfunction(add))
print([add(i) for i in range(3)], list(map(add, [1, 2])))
print(add.__get__(None, object) is not None)
class C:
    m = add
print(C.m(1))
