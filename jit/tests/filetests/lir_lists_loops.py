# test: lir
# signature: total(list(int64))
# signature: collatz(int64)
def total(xs):
    s = 0
    for x in xs:
        s += x
    return s

def get(xs, i):
    return xs[i]

def put(xs, i, v):
    xs[i] = v
    return xs[i]

def countdown(n):
    s = 0
    for i in range(n, 0, -3):
        s += i
    return s

def collatz(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps

def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

def divmods(a, b):
    return divmod(a, b)

def extremes(a, b, c):
    return min(a, b, c), max(a, b, c), abs(a)

def fsum(xs):
    s = 0.0
    for x in xs:
        s += x
    return s

# run: total([1, 2, 3]) == 6
# run: total([]) == 0
# run: total([2**62, 2**62]) deopts
# run: get([10, 20, 30], -1) == 30
# run: get([10, 20, 30], -3) == 10
# run: get([10, 20, 30], 3) deopts
# run: get([10, 20, 30], -4) deopts
# run: put([1, 2, 3], -2, 9) == 9
# run: put([1, 2, 3], 5, 9) deopts
# run: countdown(10) == 22
# run: countdown(0) == 0
# run: collatz(27) == 111
# run: fib(15) == 610
# run: divmods(-7, 2) == (-4, 1)
# run: divmods(7, 0) raises ZeroDivisionError
# run: extremes(3, -1, 2) == (-1, 3, 3)
# run: extremes(-2**63, 0, 1) deopts
# run: fsum([0.5, 0.25]) == 0.75
