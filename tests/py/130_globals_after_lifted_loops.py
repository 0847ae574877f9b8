# Lifted loops leave no names: after loops in functions, methods and at module level
# ran (long enough to move into native code under every policy), the module's globals,
# dir() and vars(module) list only the program's own names.
import sys


def work(n):
    total = 0
    best = 0
    for i in range(n):
        total += i * i
        if i % 7 == 3:
            best = max(best, i)
    return total + best


def count_down(n):
    steps = 0
    while n > 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


def early(limit):
    for i in range(limit):
        if i * i > 5000:
            return i
    return -1


class Shape:
    def area_sum(self, n):
        s = 0.0
        for i in range(n):
            s += i * 0.5
        return s

    def __private_loop(self, n):
        t = 0
        for i in range(n):
            t += i
        return t

    def private(self, n):
        return self.__private_loop(n)


for _ in range(3):
    print(work(3000), count_down(97), early(10000), Shape().area_sum(2500), Shape().private(2000))

# Module-level loops: at the top, inside `if`, inside a loop that is not lifted.
acc = 0
for k in range(4000):
    acc += k % 11
if acc > 0:
    j = 0
    while j < 3000:
        acc += j & 3
        j += 1
for word in ["a", "bb"]:
    for m in range(1500):
        acc += len(word) * m
print(acc)

print(sorted(key for key in globals() if not key.startswith("__")))
print(sorted(key for key in dir() if not key.startswith("__")))
print(sorted(key for key in vars(sys.modules[__name__]) if not key.startswith("__")))
print([key for key in globals() if "pynum" in key])
print(sorted(key for key in vars(Shape) if not key.startswith("__")))
