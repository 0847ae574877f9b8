# Imported by 120_constant_folding.py: constant arithmetic in a module compiled from
# source by the import system.
CONSTANTS = (4.0 // 2.0, 2 ** -1074, (2**53 + 1) / 3, (2+0j) ** 0.5, -(9 // 3.0))


def loop(n):
    total = 0.0
    for i in range(n):
        total += i / (2**53 + 1) + 1 // 1.0
    return total


def plain():
    return 65 ** -63, 7.5 % 2, 1 // 5e-324
