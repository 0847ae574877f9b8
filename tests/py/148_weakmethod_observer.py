# weakref.WeakMethod to bound methods whose functions automatic mode compiles or lifts,
# and weakref.finalize on their instances (issue 13).
import gc, weakref

class Counter:
    def __init__(self, k):
        self.k = k
        self.log = []
    def step(self, x):
        return x * self.k + 1
    def sum_to(self, n):
        t = 0
        for i in range(n):
            t += i * 3
        self.log.append("sum %d" % n)
        return t

def main():
    c = Counter(4)
    for i in range(5000):
        c.step(i)
    print(c.sum_to(100000))
    m = weakref.WeakMethod(c.step)
    m2 = weakref.WeakMethod(c.sum_to)
    print(m()(10), m2()(10), m() == c.step, m().__func__ is Counter.step)
    print(m == weakref.WeakMethod(c.step), c.log)
    done = []
    weakref.finalize(c, done.append, "finalized")
    del c
    gc.collect()
    print(m() is None, m2() is None, done)

main()
