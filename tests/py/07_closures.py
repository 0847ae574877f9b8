# Closures: nonlocal, cell variables, late binding in loops, closure factories.


def make_counter(start=0):
    count = start

    def increment(step=1):
        nonlocal count
        count += step
        return count

    def get():
        return count

    return increment, get


inc, get = make_counter(10)
print(inc(), inc(), inc(5), get())
inc2, get2 = make_counter()
print(inc2(), get(), get2())
print(inc.__closure__[0].cell_contents, [type(c).__name__ for c in inc.__closure__])
print(inc.__code__.co_freevars, make_counter.__code__.co_cellvars)

late = [lambda: i for i in range(4)]
print([f() for f in late])
early = [lambda i=i: i for i in range(4)]
print([f() for f in early])


def make_multipliers():
    result = []
    for n in range(1, 5):
        def mul(x, n=n):
            return x * n
        result.append(mul)
    return result


print([m(10) for m in make_multipliers()])


def outer():
    x = "outer"

    def middle():
        x = "middle"

        def inner():
            nonlocal x
            x = "changed by inner"
            return x

        r = inner()
        return r, x

    return middle(), x


print(outer())


def compose(*funcs):
    def composed(value):
        for f in reversed(funcs):
            value = f(value)
        return value
    return composed


pipeline = compose(str, lambda v: v * 2, abs)
print(repr(pipeline(-21)))
adders = {name: (lambda k: lambda v: v + k)(k) for name, k in [("one", 1), ("ten", 10)]}
print({name: f(5) for name, f in adders.items()})
