# A registered function's old `__defaults__` is freed when new ones are written, as in
# CPython: the dispatcher kept its last read of them (and the function as written made
# with them) until the next call, so a weak reference to an old default stayed alive and
# its `__del__` ran late, or never when the function was not called again (JIT only;
# found by an adversarial run).
import gc
import weakref


class Default:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        print("freed", self.name)


def summed(n, d=Default("first")):
    s = 0
    for i in range(n):
        s += i
    return s


def plain(n, k=Default("second")):
    return n * 2


for j in range(3000):
    summed(j % 4)
    plain(j)
first = weakref.ref(summed.__defaults__[0])
second = weakref.ref(plain.__defaults__[0])
summed.__defaults__ = (Default("third"),)
plain.__defaults__ = (Default("fourth"),)
gc.collect()
print("first freed:", first() is None, "second freed:", second() is None)
print(summed(5), plain(5))
summed.__defaults__ = None
plain.__defaults__ = None
gc.collect()
print("done")
