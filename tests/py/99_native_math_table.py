# math in native code: floor/ceil/trunc of ints are the int itself; every function the
# typing rules accept runs natively and raises (through the interpreter) where CPython
# raises, infinite inputs included.
import math

def floors(x):
    return math.floor(x), math.ceil(x), math.trunc(x)

for x in [2**53 + 1, 2**62 + 3, -(2**53) - 1, 1700000000123456789, -5, 0, True, False, 9223372036854775807]:
    for _ in range(10):
        r = floors(x)
    print(x, r)

inf = float('inf')
nan = float('nan')

# One function per math function (the whole table typing accepts).
names1 = ['sqrt', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh', 'exp', 'expm1',
          'log', 'log2', 'log10', 'log1p', 'fabs', 'erf', 'erfc', 'gamma', 'lgamma', 'degrees', 'radians',
          'floor', 'ceil', 'trunc', 'isnan', 'isinf', 'isfinite']
names2 = ['hypot', 'atan2', 'pow', 'copysign', 'fmod', 'log']
def native_sqrt(x):
    return math.sqrt(x)
def native_sin(x):
    return math.sin(x)
def native_cos(x):
    return math.cos(x)
def native_tan(x):
    return math.tan(x)
def native_asin(x):
    return math.asin(x)
def native_acos(x):
    return math.acos(x)
def native_atan(x):
    return math.atan(x)
def native_sinh(x):
    return math.sinh(x)
def native_cosh(x):
    return math.cosh(x)
def native_tanh(x):
    return math.tanh(x)
def native_exp(x):
    return math.exp(x)
def native_expm1(x):
    return math.expm1(x)
def native_log(x):
    return math.log(x)
def native_log2(x):
    return math.log2(x)
def native_log10(x):
    return math.log10(x)
def native_log1p(x):
    return math.log1p(x)
def native_fabs(x):
    return math.fabs(x)
def native_erf(x):
    return math.erf(x)
def native_erfc(x):
    return math.erfc(x)
def native_gamma(x):
    return math.gamma(x)
def native_lgamma(x):
    return math.lgamma(x)
def native_degrees(x):
    return math.degrees(x)
def native_radians(x):
    return math.radians(x)
def native_floor(x):
    return math.floor(x)
def native_ceil(x):
    return math.ceil(x)
def native_trunc(x):
    return math.trunc(x)
def native_isnan(x):
    return math.isnan(x)
def native_isinf(x):
    return math.isinf(x)
def native_isfinite(x):
    return math.isfinite(x)
def native2_hypot(x, y):
    return math.hypot(x, y)
def native2_atan2(x, y):
    return math.atan2(x, y)
def native2_pow(x, y):
    return math.pow(x, y)
def native2_copysign(x, y):
    return math.copysign(x, y)
def native2_fmod(x, y):
    return math.fmod(x, y)
def native2_log(x, y):
    return math.log(x, y)
ns = dict(globals())

def guarded(f, *args):
    try:
        return f(*args)
    except (ValueError, OverflowError, ZeroDivisionError) as e:
        return type(e).__name__

values = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.0, -3.0, 1e-310, 700.0, 1e308, -1e308, 171.5, -171.5, inf, -inf, nan]
for name in names1:
    f = ns['native_' + name]
    for _ in range(10):
        f(1.0)  # compiled by now
    print(name, [guarded(f, v) for v in values])
pairs = [(2.0, 3.0), (0.0, 2.0), (-1.0, 0.5), (inf, 2.0), (-inf, 2.0), (2.0, inf), (2.0, -inf), (0.0, -1.0),
         (1e308, 10.0), (8.0, 1.0), (1.0, 1.0), (nan, 2.0), (2.0, nan), (inf, inf), (-8.0, 2.0), (8.0, 0.0),
         (0.0, 0.0), (8.0, -2.0), (1e-300, 1e-300)]
for name in names2:
    f = ns['native2_' + name]
    for _ in range(10):
        f(2.0, 3.0)
    print(name, [guarded(f, a, b) for a, b in pairs])

def sin_loop(n, x):
    t = 0.0
    for i in range(n):
        t += math.sin(x * i)
    return t
print(guarded(sin_loop, 10, 1.0), guarded(sin_loop, 10, inf))
