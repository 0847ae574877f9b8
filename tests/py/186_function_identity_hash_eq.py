# Compiled functions as dict keys and set members: identity, equality and hashing
# behave as for functions, and the module's global is the object the program holds
# (issue 13).
import sys

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a + b

def sub(a, b):
    return a - b

def main():
    names = {sq: "sq", add: "add"}
    seen = set()
    for i in range(5000):
        f = add if i % 2 else sub
        f(i, 1)
        seen.add(f)
    print(sq(100000), len(seen), names[add], names[sq])
    print(add == add, add != sub, add is globals()["add"], sys.modules[__name__].sq is sq)
    print(hash(add) == object.__hash__(add), add.__eq__(add), add.__eq__(sub) is NotImplemented)
    print(sorted(f.__name__ for f in seen), sorted([sub, add, sq], key=lambda f: f.__name__)[0] is add)
    print({add, add, sub} == {sub, add}, [add, sq].index(sq), add in [sub, add])
    try:
        add < sub
    except TypeError as e:
        print("TypeError", "function" in str(e))
    print(id(add) == id(names and add), (add.__hash__)() == hash(add))

main()
