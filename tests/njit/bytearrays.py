# @njit with bytearrays, which Numba reads and writes in place through the buffer: the
# caller sees every write, including those made before an exception; len, negative
# indices, IndexError, ValueError for an item outside 0..=255, one bytearray passed as
# two arguments.
from numba import njit


@njit
def fill(buf, value):
    for i in range(len(buf)):
        buf[i] = value


@njit
def checksum(buf):
    s = 0
    for i in range(len(buf)):
        s += buf[i] * (i + 1)
    return s


@njit
def write_until(buf, n):
    for i in range(n):
        buf[i] = i + 1


@njit
def store_from(buf, start):
    for i in range(len(buf)):
        buf[i] = start + i


@njit
def shift_left(dst, src):
    for i in range(len(src) - 1):
        dst[i] = src[i + 1]


@njit
def ends(buf):
    return buf[0], buf[-1], len(buf)


a = bytearray(6)
fill(a, 9)
print(a, checksum(a), ends(a))
try:
    write_until(a, 10)
except IndexError as exc:
    print("IndexError:", exc, a)
b = bytearray(5)
try:
    store_from(b, 253)
except ValueError as exc:
    print("ValueError:", exc, b)
c = bytearray(b"abcdef")
shift_left(c, c)
print(c)
empty_one, empty_two = bytearray(), bytearray()
print(checksum(empty_one), len(empty_two))
big = bytearray(range(256)) * 40
print(checksum(big), ends(big))
