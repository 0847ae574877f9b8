# test: types
# signature: table_sum(int64, int64)
# signature: count_pairs(int64, int64)
# signature: triangle_area_sum(int64)
def table_sum(rows, cols):
    total = 0
    for r in range(rows):
        for c in range(cols):
            total += r * c
    return total


def count_pairs(n, target):
    count = 0
    for i in range(n):
        for j in range(i + 1, n):
            if i + j == target:
                count += 1
                break
    return count


def triangle_area_sum(n):
    acc = 0
    i = 0
    while i < n:
        j = 0
        while j < i:
            acc += (i * j) / 2
            j += 1
        i += 1
    return acc
# ---- expected (BLESS=1 regenerates) ----
# ---- types table_sum(int64, int64) ----
# c: int64
# cols: int64
# r: int64
# rows: int64
# total: int64
# return: int64
# ---- types count_pairs(int64, int64) ----
# count: int64
# i: int64
# j: int64
# n: int64
# target: int64
# return: int64
# ---- types triangle_area_sum(int64) ----
# acc: float64
# i: int64
# j: int64
# n: int64
# return: float64
