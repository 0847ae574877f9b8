# Module-level lifting against globals: a global a function reads, math, a shadowed
# builtin, while, list stores and list iteration, an if __name__ block.
import math
total = 0
for i in range(10):
    total += i
print(total, i)
def uses_total():
    return total * 2
print(uses_total())
x = 1.5
for k in range(4):
    x = math.sqrt(x) + k
print(round(x, 9), k)
abs = lambda v: 99
acc = 0
for q in range(3):
    acc += abs(q)
print(acc)
del abs
n = 5
while n > 0:
    n -= 2
print(n)
data = [1, 2, 3]
for idx in range(len(data)):
    data[idx] += idx
print(data, idx)
items = [0.5, 1.5]
s = 0.0
for it in items:
    s += it
print(s, it)
if __name__ == "__main__":
    z = 0
    for w in range(4):
        z += w * w
    print(z, w)
