# Scoping: LEGB lookup, shadowing builtins, del, UnboundLocalError, nonlocal+global together, loop variables.
x = "global"
counter = 0


def read_global():
    return x


def shadow():
    x = "local"
    return x


def enclosing():
    x = "enclosing"

    def inner():
        return x

    return inner()


def unbound():
    try:
        print(x)
        x = "assigned later"
    except UnboundLocalError as e:
        return type(e).__name__, isinstance(e, NameError)


def builtin_shadow():
    len = lambda obj: "shadowed"
    return len([1, 2, 3])


def make_namespace():
    a = 1
    b = [a]
    names = dir()
    return sorted(names), a, b


def nested_counter():
    count = 0

    def step():
        nonlocal count
        global counter
        count += 1
        counter += 10
        return count, counter

    return [step() for _ in range(3)]


print(read_global(), shadow(), enclosing(), x)
print(unbound())
try:
    undefined_name_here
except NameError as e:
    print("NameError", type(e).__name__)
print(builtin_shadow(), len([1, 2, 3]))
temp = 42
del temp
print("temp" in globals())
print(make_namespace())
print(nested_counter(), counter)
for i in range(3):
    pass
print("loop variable survives:", i)
print([j for j in range(2)], "j" in globals())
try:
    del temp
except NameError as e:
    print("deleting twice:", type(e).__name__)
