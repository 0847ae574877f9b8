# A program's own `range`: native range loops assume the builtin, so a function whose
# module rebinds `range` must call the program's.
def total(n):
    s = 0
    for x in range(n):
        s += x
    return s


def rebind():
    global range
    range = lambda n: [n, n, n]


print(total(3000))
rebind()
print(total(3000), total(10))
del range
print(total(3000))
