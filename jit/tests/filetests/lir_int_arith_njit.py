# test: lir
# semantics: njit
# signature: add(int64, int64)
def add(a, b):
    return a + b

def floordiv(a, b):
    return a // b

def shl(a, b):
    return a << b

def index(xs, i):
    return xs[i]

# run: add(2**62, 2**62) == -2**63
# run: floordiv(-2**63, -1) == -2**63
# run: floordiv(-7, 0) raises ZeroDivisionError
# run: shl(1, 63) == -2**63
# run: index([1, 2, 3], 3) raises IndexError
# run: index([1, 2, 3], -4) raises IndexError
# run: index([1, 2, 3], -1) == 3
