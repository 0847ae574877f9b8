# Floor division and modulo by constant divisors (powers of two, others, 1, 2**31) on
# negative, zero and extreme operands: native code takes shortcuts there.
def f(n):
    t = 0
    for x in range(-n, n):
        t += (x // 8) * 3 + (x % 8) + (x // 7) * 5 + (x % 7) + (x % 1) + (x // 1) + x % 2147483648 + x // 2147483648
        t += (x * 1000003) % 10 + (-x) // 3
    return t
def g(a):
    return a // 4, a % 4, a // 3, a % 3, a % 1, a // 1
print(f(1000))
for v in [-9223372036854775808, 9223372036854775807, -1, 0, 1, -7, 7, -12, 12]:
    print(g(v))
