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
# run: floordiv(1.0, 0.0) raises ZeroDivisionError
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
