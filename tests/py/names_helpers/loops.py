# Imported by 132_inspect_getmembers.py and 134_same_code_two_namespaces.py: a module
# compiled by the import system, with loops in functions, a method and at module level.
SCALE = 3


def triangle(n):
    t = 0
    for i in range(n):
        t += i * SCALE
    return t


def halve(n):
    c = 0
    while n > 0:
        n //= 2
        c += 1
    return c


class Grid:
    def fill(self, n):
        cells = [0] * n
        for i in range(n):
            cells[i] = i * i % 7
        return sum(cells)


warm = 0
for k in range(4000):
    warm += k % 5
