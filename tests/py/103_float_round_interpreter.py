# round() of floats in the interpreter and in native code: exact half-to-even, CPython's
# ndigits limits and its OverflowError message (rustpython rounded near-ties through a
# tolerance: round(0.5000000000000001) gave 0).
import sys
class F(float): pass
vals = [0.5000000000000001, -0.5000000000000001, 2.5000000000000004, 1.4999999999999998, 0.5, 1.5, 2.5, -2.5, 1e300, 4503599627370497.0, F(2.5), F(3.5), -0.0]
print([round(v) for v in vals])
print([round(v, 0) for v in vals], [round(v, None) for v in vals])
for x, n in [(1.5e308, -308), (5e307, -308), (2.675, 2), (5e-324, 323), (5e-324, 324), (1.0, 10**30), (1.0, -10**30), (float('inf'), 2), (float('nan'), -2), (-1.0, -400), (123.456, True)]:
    try:
        print(x, n, round(x, n))
    except OverflowError as e:
        print('OverflowError', e)
for bad in [float('inf'), float('-inf'), float('nan')]:
    try:
        round(bad)
    except (OverflowError, ValueError) as e:
        print(type(e).__name__, e)
try:
    round(1.5, 'x')
except TypeError as e:
    print('TypeError', e)
print(float.__round__(2.5), F(2.5).__round__(), round(F(7.25), 1), type(round(F(7.25), 1)))
