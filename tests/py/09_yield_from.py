# yield from: delegation, return values, recursive generators, generator pipelines.


def inner(n):
    for i in range(n):
        received = yield i
        if received:
            print("  inner got", received)
    return n * 10


def outer():
    a = yield from inner(3)
    b = yield from inner(2)
    yield ("results", a, b)


print(list(outer()))
g = outer()
print(next(g), g.send("hello"), next(g))


def flatten(items):
    for item in items:
        if isinstance(item, (list, tuple)):
            yield from flatten(item)
        else:
            yield item


nested = [1, [2, 3, [4, [5, 6]], 7], (8, (9,)), [[[]]], 10]
print(list(flatten(nested)))


def tree_paths(tree, prefix=""):
    for name, sub in tree.items():
        path = prefix + "/" + name
        yield path
        if isinstance(sub, dict):
            yield from tree_paths(sub, path)


fs = {"usr": {"bin": {"python": None}, "lib": {}}, "etc": {"hosts": None}}
for p in tree_paths(fs):
    print(p)


def read_lines(text):
    yield from text.splitlines()


def strip_comments(lines):
    for line in lines:
        code = line.split("#", 1)[0].rstrip()
        if code:
            yield code


def numbered(lines):
    yield from enumerate(lines, start=1)


source = """x = 1  # one
# full comment
y = 2

z = x + y  # three"""
for number, line in numbered(strip_comments(read_lines(source))):
    print(f"{number:>3}: {line}")


def chain_all(*iterables):
    for it in iterables:
        yield from it


print(list(chain_all("ab", range(3), {"k": 1}, (x * x for x in range(3)))))
gen = (c.upper() for c in "stream")
print(next(gen), next(gen), "".join(gen))
print(sum(x for x in range(1, 101)), list(x for x in "abc" if x != "b"))
