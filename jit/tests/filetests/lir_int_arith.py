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
# run: floordiv(5, 0) deopts
# run: mod(-7, 2) == 1
# run: mod(7, -2) == -1
# run: mod(-2**63, -1) == 0
# run: mod(5, 0) deopts
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
# run: power(2, -1) deopts
# run: truediv(7, 2) == 3.5
# run: truediv(2**53 + 1, 1) deopts
# run: truediv(1, 0) deopts
# ---- expected (BLESS=1 regenerates) ----
# ---- LIR add(int64, int64) ----
# deopt 0: "an int left 64 bits" line 5
#
# function "add(int64, int64)"(v0: i64, v2: i64) -> i64
#   vars v1: i64, v3: i64, v4: i64, v5: i64, v6: i1, v7: i64, v8: i1, v9: i64
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
#   v7, v8 = sadd_overflow v1, v3
#   exit_if v8, deopt 0
#   v9 = copy v7
#   return v9
# ---- LIR floordiv(int64, int64) ----
# deopt 0: "a zero divisor" line 11
# deopt 1: "-2**63 // -1 leaves 64 bits" line 11
#
# function "floordiv(int64, int64)"(v0: i64, v2: i64) -> i64
#   vars v1: i64, v3: i64, v4: i64, v5: i64, v6: i1, v7: i64, v8: i1, v9: i64
#   vars v10: i1, v11: i64, v12: i1, v13: i1, v14: i64, v15: i64, v16: i64, v17: i64
#   vars v18: i1, v19: i64, v20: i1, v21: i1, v22: i64, v23: i64, v24: i64, v25: i64
#   vars v26: i64
# block0:
#   ; line 10
#   v1 = copy v0
#   v3 = copy v2
#   v4 = depth
#   v5 = iconst.i64 0
#   v6 = icmp sle v4, v5
#   exit_if v6, status RecursionLimit
#   jump block1
# block1:
#   ; line 11
#   v7 = iconst.i64 0
#   v8 = icmp eq v3, v7
#   exit_if v8, deopt 0
#   v9 = iconst.i64 -1
#   v10 = icmp eq v3, v9
#   v11 = iconst.i64 -9223372036854775808
#   v12 = icmp eq v1, v11
#   v13 = band v12, v10
#   exit_if v13, deopt 1
#   v14 = iconst.i64 1
#   v15 = select v10, v14, v3
#   v16 = sdiv v1, v15
#   v17 = srem v1, v15
#   v18 = icmp ne v17, v7
#   v19 = bxor v17, v15
#   v20 = icmp slt v19, v7
#   v21 = band v18, v20
#   v22 = uextend.i64 v21
#   v23 = isub v16, v22
#   v24 = ineg v1
#   v25 = select v10, v24, v23
#   v26 = copy v25
#   return v26
