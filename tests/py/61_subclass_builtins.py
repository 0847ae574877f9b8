# Subclassing built-in types: list, dict (__missing__), str and tuple via __new__, int with overridden operators.


class Stack(list):
    def push(self, item):
        self.append(item)
        return self

    def peek(self):
        return self[-1] if self else None


class DefaultZero(dict):
    def __missing__(self, key):
        return 0


class CaseInsensitiveDict(dict):
    def __setitem__(self, key, value):
        super().__setitem__(key.lower(), value)

    def __getitem__(self, key):
        return super().__getitem__(key.lower())

    def __contains__(self, key):
        return super().__contains__(key.lower())


class Shout(str):
    def __new__(cls, text):
        return super().__new__(cls, text.upper() + "!")

    def whisper(self):
        return self.lower().rstrip("!")


class Meters(int):
    def __repr__(self):
        return f"Meters({int(self)})"

    def __add__(self, other):
        return Meters(int(self) + int(other))


s = Stack([1, 2])
s.push(3).push(4)
print(s, s.peek(), len(s), isinstance(s, list), type(s).__name__, s[1:3], type(s[1:3]).__name__)
print(s + [5], type(s + [5]).__name__, sorted(s, reverse=True), Stack().peek())
counts = DefaultZero()
for ch in "banana":
    counts[ch] = counts[ch] + 1
print(counts, counts["z"], "z" in counts, counts.get("z"))
ci = CaseInsensitiveDict()
ci["Name"] = "Ada"
ci["AGE"] = 36
print(ci, ci["NAME"], "age" in ci, "Age" in ci, list(ci))
sh = Shout("hello")
print(sh, repr(sh), sh.whisper(), len(sh), isinstance(sh, str), sh + "?", type(sh + "?").__name__, sh.split("L"))
m = Meters(5) + Meters(7)
print(m, repr(m), m * 2, type(m * 2).__name__, m > 10, sum([Meters(1), Meters(2)]))


class Matrix(tuple):
    def __new__(cls, rows):
        return super().__new__(cls, tuple(tuple(r) for r in rows))

    def transpose(self):
        return Matrix(zip(*self))

    def __mul__(self, other):
        return Matrix([[sum(a * b for a, b in zip(row, col)) for col in other.transpose()] for row in self])


a = Matrix([[1, 2], [3, 4]])
print(a, a.transpose(), a * a, len(a), a[0][1], hash(a) == hash(((1, 2), (3, 4))))
