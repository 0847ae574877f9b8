# An index out of range on a bytearray says "bytearray index out of range", as CPython
# says it, for reads, writes and deletes, in the interpreter and after native code hands
# the write back (the fuzzer found rustpython's "assignment index out of range").
for stmt in ["b = bytearray(1); b[5] = 0", "b = bytearray(1); b[-5] = 0", "b = bytearray(1); del b[5]",
             "b = bytearray(1); b[5]", "b = bytearray(3); b[-4]"]:
    try:
        exec(stmt)
    except IndexError as e:
        print(stmt, "->", e)


def fill(n):
    ba = bytearray(4)
    total = 0
    for i in range(n):
        ba[i] = i * 3
        total += ba[i]
    return total


def read_back(ba, n):
    total = 0
    for i in range(n):
        total += ba[i - 2]
    return total


for n in (3, 4, 6):
    try:
        print(fill(n))
    except IndexError as e:
        print("fill", n, "->", e)
    try:
        print(read_back(bytearray(b"abcd"), n))
    except IndexError as e:
        print("read_back", n, "->", e)
