# Integers that leave 64 bits part-way through a hot loop: native code must hand over
# to the interpreter (deoptimize) and the printed digits must stay exact.
def grow(steps):
    x = 1
    total = 0
    for i in range(steps):
        x = x * 3 + i
        total += x % 1000
    return x, total

def small_loop(n):
    acc = 0
    for i in range(n):
        acc = (acc + i * i) % 1_000_003
    return acc

x, total = grow(2_000)
print(len(str(x)), str(x)[:20], total)
print(small_loop(5_000_000))
