# Attributes set on compiled functions live in their __dict__: vars(f), setattr, delattr,
# replacing __dict__, and a function-attribute counter updated in a hot loop (issue 13).
def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a + b

add.calls = 0
sq.unit = "squares"

def main():
    for i in range(5000):
        add(i, 1)
        add.calls += 1
    print(add.calls, sq(100000), vars(add), sq.__dict__)
    add.tag = ["x"]
    setattr(sq, "version", 2)
    print(sorted(vars(add)), sorted(sq.__dict__.items()))
    del add.tag
    print(hasattr(add, "tag"), getattr(add, "calls"), vars(add) is add.__dict__)
    sq.__dict__ = {"replaced": True}
    print(sq.__dict__, hasattr(sq, "unit"), sq.replaced, sq(10))
    try:
        sq.__dict__ = 5
    except TypeError as e:
        print("TypeError")
    print(add(2, 3), "calls" in dir(add), "replaced" in dir(sq))

main()
