# A list that contains itself (or a deep nesting of lists) reaching a function automatic
# mode compiles: deriving the argument's type terminates, and the program runs as in CPython.
def total_len(xs):
    n = 0
    for i in range(len(xs)):
        n += 1
    return n

def walk(xs):
    c = 0
    for x in xs:
        c += 1
    return c

def first_is(xs):
    s = 0
    for i in range(len(xs)):
        if xs[i] is xs:
            s += 1
    return s

a = [1, 2]
a.append(a)
for _ in range(20):
    r = (total_len(a), walk(a), first_is(a))
print(r, a)
b = [1.5]
c = [b, 2.5]
b.append(c)
print(total_len(b), walk(c), total_len(c))
deep = [1.0]
for _ in range(200000):
    deep = [deep]
for _ in range(20):
    r = (total_len(deep), walk(deep))
print(r)
mixed = [[1, 2], [3, [4, [5, [6]]]]]
print(total_len(mixed), walk(mixed[1]))
ints = [1, 2, 3]
pair = [ints, ints]
print(total_len(pair), walk(pair), walk(ints))
