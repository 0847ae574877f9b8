# Integer operations: floor division and modulo signs, divmod, bitwise, base conversions.

pairs = [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 3), (9, 3), (-9, 4)]
for a, b in pairs:
    print(f"{a:>3} {b:>3}: // {a // b:>3}  % {a % b:>3}  divmod {divmod(a, b)}")
print(-7 / 2, 7 / -2, 6 / 3, 1 / 3)
print(7.5 // 2, -7.5 // 2, 7.5 % 2, -7.5 % 2, divmod(-7.5, 2))
print(5 & 3, 5 | 3, 5 ^ 3, ~5, 1 << 10, 1024 >> 3, -16 >> 2, -1 >> 10)
print(int("42"), int("-0042"), int("  17  "), int("1_000_000"), int("z", 36), int("0x1F", 16))
print(int("0b1011", 0), int("0o17", 0), int("0xff", 0), int("777", 8), int(3.99), int(-3.99))
print(bin(10), oct(64), hex(255), bin(-10), hex(-255))
print((255).to_bytes(2, "big"), (255).to_bytes(2, "little"), (-2).to_bytes(2, "big", signed=True))
print(int.from_bytes(b"\x01\x00", "big"), int.from_bytes(b"\x01\x00", "little"))
print((37).bit_length(), (0).bit_length(), (255).bit_count(), (-255).bit_count())
print(abs(-12), pow(2, 10), pow(2, -1), 2 ** -2, (-8) ** 2, -8 ** 2)
print(round(2.5), round(3.5), round(-2.5), round(17, -1), round(15, -1), round(25, -1))
print(True + True, True * 10, int(True), False - 1, isinstance(True, int))
print(max(3, 9, -2), min([4, 2, 8]), sum([1, 2, 3], 10))
print(int.__name__, (5).real, (5).imag, (5).numerator, (5).denominator, (5).conjugate())
print((10).__add__(5), (10).__rsub__(3), (7).__floordiv__(2), (7).__mod__(-3))
print(chr(97), ord("z"), [chr(c) for c in range(65, 71)])
print(3 == 3.0, 1 < 2 < 3, 1 < 3 < 2, 10 > 5 >= 5, 0 == -0)
print(sorted([-3, 2, -1, 0, 5], key=abs), sorted([10, 9, 100, 1], key=str))


def to_base(n, base):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    if n == 0:
        return "0"
    sign = "-" if n < 0 else ""
    n = abs(n)
    out = []
    while n:
        n, r = divmod(n, base)
        out.append(digits[r])
    return sign + "".join(reversed(out))


for n in (0, 5, 255, -255, 123456789):
    print(n, [to_base(n, b) for b in (2, 7, 16, 36)], int(to_base(n, 36), 36) == n)
print(f"{1234567:,}", f"{-1234567:_}", "{:b}".format(37), f"{12:04b}")
