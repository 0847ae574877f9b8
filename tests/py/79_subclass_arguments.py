# Subclasses of int and list may override the operators native code implements: they
# stay interpreted (automatic mode must not change what such a program prints).
class MyInt(int):
    def __add__(self, other):
        return MyInt(int(self) * 100)
class MyList(list):
    def __getitem__(self, i):
        return 7
def add(a, b):
    return a + b
def total(xs, n):
    t = 0
    for i in range(n):
        t += xs[i]
    return t
for _ in range(20):
    r = add(MyInt(2), 3)
print(r, type(r).__name__, add(2, 3))
print(total(MyList([1, 2, 3]), 3), total([1, 2, 3], 3))
