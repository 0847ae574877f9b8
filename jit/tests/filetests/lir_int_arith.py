# test: lir
# signature: add(int64, int64)
# signature: floordiv(int64, int64)
def add(a, b):
    return a + b

def sub_mul(a, b):
    return a * b - b

def floordiv(a, b):
    return a // b

def mod(a, b):
    return a % b

def mod7(a):
    return a % 7

def div8(a):
    return a // 8

def neg(a):
    return -a

def shl(a, b):
    return a << b

def shr(a, b):
    return a >> b

def power(a, b):
    return a ** b

def truediv(a, b):
    return a / b

# run: add(3, 4) == 7
# run: add(2**62, 2**62) deopts
# run: add(-2**63, -1) deopts
# run: sub_mul(3, 5) == 10
# run: sub_mul(2**32, 2**32) deopts
# run: floordiv(7, 2) == 3
# run: floordiv(-7, 2) == -4
# run: floordiv(7, -2) == -4
# run: floordiv(-7, -2) == 3
# run: floordiv(-2**63, -1) deopts
# run: floordiv(5, 0) raises ZeroDivisionError
# run: mod(-7, 2) == 1
# run: mod(7, -2) == -1
# run: mod(-2**63, -1) == 0
# run: mod(5, 0) raises ZeroDivisionError
# run: mod7(-1) == 6
# run: mod7(100) == 2
# run: div8(-9) == -2
# run: neg(5) == -5
# run: neg(-2**63) deopts
# run: shl(1, 62) == 2**62
# run: shl(1, 63) deopts
# run: shl(0, 100) == 0
# run: shl(1, -1) raises ValueError
# run: shr(-9, 1) == -5
# run: shr(-9, 100) == -1
# run: power(3, 4) == 81
# run: power(2, 63) deopts
# run: power(2, -1) raises ValueError
# run: truediv(7, 2) == 3.5
# run: truediv(2**53 + 1, 1) deopts
# run: truediv(1, 0) raises ZeroDivisionError
