# Loops and branches under @njit: all range forms, while with break/continue/else,
# nested loops, early returns, conditional expressions and chained comparisons.
from numba import njit


@njit
def ranges(a, b, s):
    t = 0
    for i in range(b):
        t += i
    for j in range(a, b):
        t += 2 * j
    for k in range(a, b, s):
        t += 3 * k
    return t


@njit
def search(limit, target):
    i = 0
    while i < limit:
        i += 1
        if i % 3 == 0:
            continue
        if i * i > target:
            break
    else:
        return -1
    return i


@njit
def table(n, m):
    total = 0
    for i in range(n):
        for j in range(m):
            if j > i:
                break
            total += i * j
    return total


@njit
def first_divisor(n):
    for d in range(2, n):
        if n % d == 0:
            return d
    return n


@njit
def classify(x, lo, hi):
    inside = lo <= x < hi
    return (1 if inside else 0), (x if x > 0 else -x), not inside


@njit
def collatz_len(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


print(ranges(2, 20, 3), ranges(10, -5, -3), ranges(0, 0, 1))
print(search(100, 50), search(5, 1000))
print(table(10, 8), table(0, 5))
print([first_divisor(n) for n in (91, 97, 1001, 2)])
print(classify(5, 0, 10), classify(-3, 0, 10), classify(10, 0, 10))
print([collatz_len(n) for n in range(1, 20)])
