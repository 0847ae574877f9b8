# Methods, staticmethods and classmethods whose loops automatic mode lifts: the class
# namespace, the methods' code objects and their locals stay as written (issue 13).
import inspect

class Stats:
    def __init__(self):
        self.cache = {}
    def total(self, n):
        t = 0
        for i in range(n):
            t += i * 3
        self.cache[n] = t
        return sorted(locals())
    @staticmethod
    def count(n):
        c = 0
        for i in range(n):
            c += i & 1
        return str(c)
    @classmethod
    def build(cls, n):
        s = 0
        for i in range(n):
            s += i % 9
        return cls.__name__ + str(s)

def main():
    st = Stats()
    print(st.total(100000), st.cache, Stats.count(100000), Stats.build(100000))
    print(sorted(k for k in vars(Stats) if not k.startswith("__")))
    print([n for n, _ in inspect.getmembers(Stats) if not n.startswith("__")])
    print(Stats.total.__code__.co_names, Stats.count.__code__.co_names, Stats.build.__code__.co_names)
    print([k for k in globals() if not k.startswith("__")])

main()
