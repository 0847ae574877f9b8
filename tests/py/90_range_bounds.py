# range() loops in native code near the ends of the 64-bit range: the next value may wrap
# past the last one, which must end the loop (native code counts the values left).
def f(a, b, s):
    t = 0
    c = 0
    for i in range(a, b, s):
        t += i % 1000
        c += 1
        if c > 5:
            break
    return t, c

print(f(9223372036854775806, 9223372036854775807, 5))
print(f(-9223372036854775807, -9223372036854775808, -5))
print(f(9223372036854775800, 9223372036854775807, 3))
def g(a, b, s):
    out = []
    t = 0
    for i in range(a, b, s):
        t += i
    return t
for args in [(0, 10, 1), (10, 0, -1), (0, 10, 3), (10, 0, -3), (5, 5, 1), (-9223372036854775808, -9223372036854775800, 1),
             (9223372036854775800, 9223372036854775807, 2), (-9223372036854775800, -9223372036854775808, -3),
             (0, 1, 9223372036854775807), (-1, 0, 9223372036854775807), (1, -1, -9223372036854775807), (3, 10, -1), (10, 3, 1),
             (-9223372036854775808, 9223372036854775807, 4611686018427387904)]:
    print(args, g(*args), f(*args))
