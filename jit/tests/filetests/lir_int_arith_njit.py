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
# run: floordiv(-2**63, -1) == 0
# run: floordiv(-7, 0) raises ZeroDivisionError
# run: shl(1, 63) == -2**63
# run: index([1, 2, 3], 3) raises IndexError
# run: index([1, 2, 3], -4) raises IndexError
# run: index([1, 2, 3], -1) == 3
# ---- expected (BLESS=1 regenerates) ----
# ---- LIR add(int64, int64) ----
# function "add(int64, int64)"(v0: i64, v2: i64) -> i64
#   vars v1: i64, v3: i64, v4: i64, v5: i64, v6: i1, v7: i64, v8: i64
# block0:
#   ; line 4
#   v1 = copy v0
#   v3 = copy v2
#   v4 = depth
#   v5 = iconst.i64 0
#   v6 = icmp sle v4, v5
#   exit_if v6, status RecursionLimit
#   jump block1
# block1:
#   ; line 5
#   v7 = iadd v1, v3
#   v8 = copy v7
#   return v8
