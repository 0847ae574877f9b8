# test: lir
# signature: hypot(float64, float64)
import math

def hypot(x, y):
    return math.sqrt(x * x + y * y)

def floordiv(x, y):
    return x // y

def fmod(x, y):
    return x % y

def log(x):
    return math.log(x)

def to_int(x):
    return int(x)

def rounded(x):
    return round(x)

def compare(a, x):
    return a < x

def is_nan(x):
    return math.isnan(x)

# run: hypot(3.0, 4.0) == 5.0
# run: floordiv(-7.5, 2.0) == -4.0
# run: floordiv(1.0, 0.0) deopts
# run: fmod(-7.5, 2.0) == 0.5
# run: fmod(7.5, -2.0) == -0.5
# run: log(1.0) == 0.0
# run: log(0.0) deopts
# run: log(-1.0) deopts
# run: log(inf) == inf
# run: to_int(-2.5) == -2
# run: to_int(nan) deopts
# run: to_int(1e19) deopts
# run: rounded(2.5) == 2
# run: rounded(3.5) == 4
# run: compare(3, 3.5) == True
# run: compare(2**53 + 1, 1.0) deopts
# run: is_nan(nan) == True
# run: is_nan(-0.0) == False
# ---- expected (BLESS=1 regenerates) ----
# ---- LIR hypot(float64, float64) ----
# deopt 0: "a float function Python would raise in" line 6
#
# function "hypot(float64, float64)"(v0: f64, v2: f64) -> f64
#   vars v1: f64, v3: f64, v4: i64, v5: i64, v6: i1, v7: f64, v8: f64, v9: f64
#   vars v10: f64, v11: f64, v12: f64, v13: f64, v14: f64, v15: f64, v16: i1, v17: i1
#   vars v18: i1, v19: i1, v20: f64, v21: i1, v22: i1, v23: i1, v24: f64
# block0:
#   ; line 5
#   v1 = copy v0
#   v3 = copy v2
#   v4 = depth
#   v5 = iconst.i64 0
#   v6 = icmp sle v4, v5
#   exit_if v6, status RecursionLimit
#   jump block1
# block1:
#   ; line 6
#   v7 = fmul v1, v1
#   v8 = copy v7
#   v9 = fmul v3, v3
#   v10 = copy v9
#   v11 = fadd v8, v10
#   v12 = copy v11
#   v13 = sqrt v12
#   v14 = fconst inf
#   v15 = fabs v13
#   v16 = fcmp uno v13, v13
#   v17 = fcmp eq v15, v14
#   v18 = fcmp ord v12, v12
#   v19 = band v16, v18
#   v20 = fabs v12
#   v21 = fcmp lt v20, v14
#   v22 = band v17, v21
#   v23 = bor v19, v22
#   exit_if v23, deopt 0
#   v24 = copy v13
#   return v24
