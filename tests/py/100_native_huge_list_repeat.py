# [x] * n in native code with a count no memory can hold raises MemoryError (or
# OverflowError), as CPython does, instead of aborting the process.
def make(n):
    xs = [0.5] * n
    return len(xs)

def make_int(n):
    ys = [7] * n
    total = 0
    for y in ys:
        total += y
    return total

for _ in range(10):
    make(3)
    make_int(4)
print(make(5), make_int(6), make(0), make(-3), make_int(-1))
for n in [2**60, 2**62, 2**63 - 1, 2**61 + 1]:
    for f in (make, make_int):
        try:
            f(n)
        except MemoryError as e:
            print('MemoryError', n, e.args)
        except OverflowError as e:
            print('OverflowError', n)
print(make(10))
