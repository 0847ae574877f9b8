# Automatic mode must not change what prints: ints that outgrow 64 bits, a zero
# divisor inside a compiled loop, and an int accumulator that becomes a float.
def grow(steps):
    x = 1
    for i in range(steps):
        x = x * 3 + i
    return x

def div(a, b):
    t = 0
    for i in range(a):
        t += i // b
    return t

def acc(n):
    total = 0
    for i in range(n):
        total += i * 0.5
    return total

print(grow(10), grow(50))
print(acc(0), acc(4))
print(div(10, 3))
print(div(10, 0))
