# A class whose methods have lifted loops: its namespace, its instances' and the
# module's hold only what the program defined (no mangled `_Class__pynum_...` names).
class Accumulator:
    scale = 2

    def total(self, n):
        t = 0
        for i in range(n):
            t += i * 3
        return t

    def mean(self, values):
        s = 0.0
        for v in values:
            s += v
        return s / len(values)

    @staticmethod
    def steps(n):
        c = 0
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            c += 1
        return c

    @classmethod
    def build(cls, n):
        k = 0
        for i in range(n):
            k += i % 4
        return k


class _Hidden:
    def go(self, n):
        r = 0
        for i in range(n):
            r -= i
        return r


a = Accumulator()
for _ in range(3):
    print(a.total(4000), a.mean([0.5] * 3000), Accumulator.steps(27), Accumulator.build(3000), _Hidden().go(2500))
print(sorted(key for key in vars(Accumulator) if not key.startswith("__")))
print(sorted(key for key in vars(_Hidden) if not key.startswith("__")))
print(sorted(key for key in dir(a) if not key.startswith("__")))
print(sorted(vars(a)))
print(sorted(key for key in globals() if not key.startswith("__")))
print(all("pynum" not in key for c in (Accumulator, _Hidden) for key in vars(c)))
