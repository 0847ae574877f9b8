# test: types
# signature: escape_time(float64, float64, int64)
# signature: count_inside(int64, int64)
def escape_time(cr, ci, max_iter):
    zr = 0.0
    zi = 0.0
    n = 0
    while n < max_iter and zr * zr + zi * zi <= 4.0:
        zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
        n += 1
    return n


def count_inside(size, max_iter):
    inside = 0
    for py in range(size):
        for px in range(size):
            cr = -2.0 + 3.0 * px / size
            ci = -1.5 + 3.0 * py / size
            if escape_time(cr, ci, max_iter) == max_iter:
                inside += 1
    return inside
# ---- expected (BLESS=1 regenerates) ----
# ---- types escape_time(float64, float64, int64) ----
# ci: float64
# cr: float64
# max_iter: int64
# n: int64
# zi: float64
# zr: float64
# return: int64
# ---- types count_inside(int64, int64) ----
# ci: float64
# cr: float64
# inside: int64
# max_iter: int64
# px: int64
# py: int64
# size: int64
# return: int64
