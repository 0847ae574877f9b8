# round(int, ndigits) and round(float, ndigits) in native code are exact, as CPython's.
def round_ints(xs, nd):
    out = []
    for x in xs:
        out.append(round(x, nd))
    return out

def round_int(x, nd):
    return round(x, nd)

def round_float(x, nd):
    return round(x, nd)

ints = [15, 25, -15, -25, 14, 16, 35, 45, 5, -5, 0, 1, 99, 150, 250, 9223372036854775807, -9223372036854775808]
for nd in [-1, -2, -3, 0, 2, -18, -19, -20, -100]:
    print(nd, [round_int(x, nd) for x in ints])
    for _ in range(10):
        r = [round_int(x, nd) for x in ints]
    print(nd, r)

floats = [1.5e16, 2.5e16, 1.2345678901234567e17, 9.87654321e20, 1e22, 1e23, 5e307, 1.7976931348623157e308,
          123456.5, -2.5e16, 15.0, 25.0, 14.9, 15.1, 0.5, 2.675, 1e-300, 5e-324, 1e300, 3.0e30, 4.5e30]
for nd in [-1, -5, -16, -17, -22, -300, -307, -308, -309, 0, 1, 2, 5, 15, 300, 308, 310, 320, 323, 324]:
    res = []
    for x in floats:
        for _ in range(9):
            try:
                v = round_float(x, nd)
            except OverflowError as e:
                v = 'OverflowError'
        res.append(v)
    print(nd, res)
for x, nd in [(1.5e308, -308), (-1.5e308, -308), (5e307, -308), (9.5e307, -307)]:
    for _ in range(9):
        try:
            v = round_float(x, nd)
        except OverflowError as e:
            v = ('OverflowError', str(e))
    print(x, nd, v)
