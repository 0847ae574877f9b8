# Floor division and modulo by a constant of values native code knows are not negative
# (squares, sums of them, masks) compile to unsigned arithmetic; the answers must stay
# Python's, including where a square leaves 64 bits and the interpreter takes over.
def square_mods(lo, hi):
    total = 0
    for i in range(lo, hi):
        total += i * i % 7 + i * i // 10 + (i * i + 5) % 3 + (i & 1023) % 10 + (i * i + i * i) // 1000
    return total


def mixed_signs(lo, hi):
    total = 0
    for i in range(lo, hi):
        total += i % 7 + i // 7 + (i * 3) % 11 + (-i * i) % 13 + (i * i) % 9
    return total


for _ in range(3):
    print(square_mods(0, 2000))
    print(mixed_signs(-1000, 1000))
    print(square_mods(3037000490, 3037000510))
    print(square_mods(-3037000510, -3037000490))
