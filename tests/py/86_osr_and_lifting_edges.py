# Cases a review of on-stack replacement and loop-lifting found wrong; each must print
# what CPython prints under every JIT policy.
import builtins
import sys


# A range bound read from a list item the loop changes: range() reads it once.
def bound_from_item(lst):
    d = {"k": 1}
    s = 0
    for i in range(lst[0]):
        lst[0] = 1500
        s += i
    return s, d


# A range start and a while test with effects (candidate functions may store items).
def tick(c):
    c[0] += 1
    return c[0]


def start_with_effect(n):
    c = [0]
    d = {}
    s = 0
    for i in range(tick(c), n):
        s += i
    return s, c[0], d


def test_with_effect(n):
    c = [0]
    d = {}
    s = 0
    while tick(c) < n:
        s += 1
    return s, c[0], d


def first(n, log):
    log.append(n)
    return n


def logged_start(n):
    log = []
    s = 0
    for i in range(first(1, log), n):
        s += i
    return s, log


# No name of pynum's in a frame a traceback keeps.
def raises_midway(lst):
    d = {}
    s = 0
    for i in range(len(lst)):
        s += 10 // lst[i]
    return s, d


# Private names a method's loop reads are mangled in the class.
def __square(x):
    return x * x


def _Shape__square(x):
    return -x


class Shape:
    def total(self, lst):
        d = {}
        s = 0
        for i in range(len(lst)):
            s += __square(lst[i])
        return s, d


# A parameter deleted before the loop: UnboundLocalError on the line that reads it.
def deleted_parameter(n, x):
    d = {}
    del x
    s = 0
    while n > 0:
        n -= 1
        s += x
    return s, d


# A loop whose `else` breaks out of the loop around it stays as written (its hidden
# function could not hold that `break`).
def else_breaks_outer(n):
    d = {"k": 1}
    s = 0
    for j in range(3):
        d[j] = j
        for i in range(n):
            s += i
        else:
            break
    return s, d


print(else_breaks_outer(2000))
print(bound_from_item([3000]), bound_from_item([10]))
print(start_with_effect(3000), start_with_effect(5))
print(test_with_effect(3000), test_with_effect(3))
print(logged_start(2000))
big = [1] * 2000 + [0] + [1] * 10
try:
    raises_midway(big)
except ZeroDivisionError:
    tb = sys.exc_info()[2]
    print("locals at the raise:", sorted(tb.tb_next.tb_frame.f_locals))
print([Shape().total([1, 2, 3] * 700)[0] for _ in range(3)])
try:
    deleted_parameter(3000, 1)
except UnboundLocalError:
    print("UnboundLocalError at line", sys.exc_info()[2].tb_next.tb_lineno)

# Module level: the hidden functions of module-level loops do not stay among the
# module's globals (those of functions' loops must, for the functions to call).
total = 0
for k in range(3000):
    total += k % 7
print(total, sorted(n for n in globals() if n.startswith("__pynum_loop_module")))

# `import site` after start-up leaves what the program changed as it is.
builtins.help = "mine"
sys.path.append("relative_dir")
import site
print(help, sys.path[-1], site.ENABLE_USER_SITE is not None)
