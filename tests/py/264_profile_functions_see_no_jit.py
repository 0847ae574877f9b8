# A profile function (sys.setprofile, the stdlib `profile` module) sees the program's calls
# as CPython 3.11 reports them: `c_call` events for builtin functions only, none for
# calling a type (`range(3)`, a class) and none for automatic mode's lifted loops,
# dispatchers and helpers. The `profile` module reads `__name__` of what a `c_call`
# names; a lifted loop has none, and it stopped recording. (Calls that rustpython's own
# builtins make, `print`'s `write`, are still reported: README, known differences.)
import math
import profile
import sys


def work(n):
    t = 0
    for i in range(n):
        t += i * i
    return t


def main():
    s = 0
    for _ in range(3):
        s += work(20000)
    return s


pr = profile.Profile()
print(pr.runcall(main))
print(sorted(k[2] for k in pr.timings if not k[2].startswith("<")))
print(sorted((k[2], v[0]) for k, v in pr.timings.items() if k[2] in ("main", "work")))


class Point:
    def __init__(self, x):
        self.x = x


def mixed(n):
    total = 0.0
    for i in range(n):
        total += math.sqrt(i) + i % 3
    p = Point(total)
    return p.x


events = []


def watch(frame, event, arg):
    if event.startswith("c_"):
        events.append((event, getattr(arg, "__name__", type(arg).__name__)))


for _ in range(40):
    mixed(200)
sys.setprofile(watch)
result = mixed(5000)
sys.setprofile(None)
print(result)
print(sorted(set(events)))
print(len(events) // 2, "calls")
print(sys.getprofile())
