# Big integers: factorials, powers, modular pow, huge arithmetic, digit manipulation.
import math

print(2 ** 200)
print(2 ** 64 - 1, -(2 ** 63), 10 ** 30 + 1)
f50 = math.factorial(50)
print(f50)
print(len(str(math.factorial(500))), sum(int(d) for d in str(math.factorial(100))))
print(pow(3, 200, 10 ** 9 + 7), pow(2, 10 ** 18, 97), pow(7, -1, 13), pow(-3, 5))
big = 3 ** 150
print(big, big.bit_length(), big % 1000, big // 10 ** 60)
print(divmod(10 ** 40, 7 ** 20))
print(divmod(-(10 ** 30), 12345678901), divmod(10 ** 30, -12345678901))
print(-(10 ** 25) // 3, -(10 ** 25) % 3, (10 ** 25) // -3)
print(math.gcd(2 ** 100, 6 ** 50), math.lcm(2 ** 40, 3 ** 20), math.isqrt(10 ** 50))
print(math.comb(100, 50), math.perm(30, 10))
x = 12345678901234567890123456789
print(x * x, x * -x, x - 10 ** 29, x ^ (x >> 7), x & 0xFFFFFFFFFFFF, x | 1)
print(x << 100, (x << 100) >> 100 == x, ~x)
print(int("9" * 60) + 1 == 10 ** 60, str(10 ** 50)[::10])
print(hex(2 ** 100), oct(3 ** 40), bin(5 ** 20))
print(int("deadbeefcafebabe1234567890", 16), int("-1" + "0" * 40, 2))
print(abs(-(7 ** 77)) == 7 ** 77, (2 ** 100).bit_count(), (-(2 ** 100)).bit_length())
print((2 ** 100).to_bytes(13, "big").hex(), int.from_bytes(b"\xff" * 16, "little"))
print(int.from_bytes(b"\x80" + b"\x00" * 15, "big", signed=True))
print(2 ** 100 == 2.0 ** 100, float(2 ** 100), 10 ** 20 / 10 ** 10, 10 ** 400 // 10 ** 399)
print(round(123456789123456789, -5), round(-5 ** 30, -10))
print(max(2 ** 70, 3 ** 44), min(-(2 ** 70), -(3 ** 44)), sorted([2 ** 65, -1, 2 ** 64, 0]))
print(sum(range(10 ** 12, 10 ** 12 + 100)), math.prod(range(1, 31)))


def collatz_len(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


print(collatz_len(2 ** 100 + 1), collatz_len(27))
print(hash(2 ** 61 - 1) == 0, hash(-1), hash(10 ** 30) == hash(10 ** 30 % (2 ** 61 - 1)))
