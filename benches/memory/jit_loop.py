# A JIT-heavy program: numeric functions automatic mode compiles, called from an
# interpreted driver that keeps their results in lists.
import math


def integrate(n):
    total = 0.0
    step = 1.0 / n
    for i in range(n):
        x = (i + 0.5) * step
        total += math.sqrt(1.0 - x * x)
    return 4.0 * total * step


def collatz_steps(limit):
    best = 0
    for start in range(1, limit):
        n = start
        steps = 0
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            steps += 1
        if steps > best:
            best = steps
    return best


results = []
for k in range(20):
    results.append(integrate(200_000 + k))
values = [float(i) * 0.5 for i in range(500_000)]
print(round(sum(results), 6), collatz_steps(150_000), sum(values))
