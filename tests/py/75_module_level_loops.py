# Loop-lifting at module level (globals in and out, zero-trip loops that leave names
# unbound, a global read by a function, an if __name__ block) and inside methods
# (the hidden function's name is mangled like the call in the class).
import math
N = 200000
total = 0
for i in range(N):
    total += i % 7
print(total, i)
acc = 0.0
k = 0
while k < 1000:
    acc += math.sqrt(k)
    k += 1
print(round(acc, 6), k)
for j in range(0):
    last = j
try:
    print(last)
except NameError as e:
    print("NameError")
def uses_scale(v):
    return v * scale
scale = 3
for scale in range(5):
    pass
print(uses_scale(2))
class Acc:
    def run(self, n):
        t = 0
        for q in range(n):
            t += q * q
        self.t = t
        return t
print(Acc().run(100))
if __name__ == "__main__":
    s = 0
    for m in range(10):
        s += m
    print(s, m)
