# Native code works in a bytearray's own bytes (no copy in, none out). When it cannot
# finish a call (an index out of range, an item outside 0..=255, an int leaving 64 bits)
# the interpreter runs the call again from its start, so every write native code made
# before that must be undone first: each byte below is written exactly once, as CPython
# writes it. Also: one bytearray passed as two arguments, reads after writes through the
# other name, a bytearray handed back as itself, two empty ones, and indices counted from
# the end (a computed negative index, wrapped off the in-range path).


def bump_until(buf, n):
    for i in range(n):
        buf[i] = buf[i] + 1
    return n


def store_from(buf, start):
    for i in range(len(buf)):
        buf[i] = start + i


def weigh(buf, scale):
    total = 0
    for i in range(len(buf)):
        buf[i] = (buf[i] * 3) % 256
        total += buf[i] * scale
    return total


def shift_left(dst, src):
    for i in range(len(src) - 1):
        dst[i] = src[i + 1]
    return dst


def from_the_end(buf, k):
    s = 0
    for i in range(1, k + 1):
        buf[-i] = (buf[-i] + i) % 256
        s += buf[i - k - 1] * i
    return s


def pick(a, b, first):
    a[0] = 1
    return a if first else b


for rounds in range(40):
    data = bytearray(range(10))
    try:
        bump_until(data, 10 + rounds % 2)
    except IndexError as exc:
        print(rounds, "IndexError:", exc, list(data))
    else:
        print(rounds, "ok", list(data))
    block = bytearray(6)
    try:
        store_from(block, 200 + rounds * 2)
    except ValueError as exc:
        print(rounds, "ValueError:", exc, list(block))
    else:
        print(rounds, "ok", list(block))
    grid = bytearray(b"\x07" * 20)
    print(weigh(grid, 1 << (rounds + 40) if rounds > 20 else 1), list(grid[:4]))
    text = bytearray(b"pynum runs it")
    print(shift_left(text, text) is text, text)
    tail = bytearray(range(100, 112))
    try:
        print(from_the_end(tail, 6 + rounds % 9), list(tail))
    except IndexError as exc:
        print("IndexError:", exc, list(tail))
    e1, e2 = bytearray(), bytearray()
    print(pick(text, e1, True) is text, pick(text, e2, False) is e2, pick(e1 + b"x", e2, False) is e2)
