# Functions that get warm over many short calls compile on the compile thread while
# their calls go on in the interpreter (`dispatcher/background.rs`). Whatever the
# program does to a function between the call that asked for the compile and the call
# that installs the code, the installed code answers as CPython does: a global the code
# was typed against is rebound, the function's defaults or code are replaced, it is
# called with other types, or its code deoptimizes.
import sys

SCALE = 3


def scaled(x):
    return x * SCALE + 1


def with_default(x, step=2):
    return x * step - 1


def swapped(x):
    return x + 1000


def other(x):
    return x - 1000


def grows(a, b):
    return a * b + 7


# The loops call a method (`steps.append`), which keeps them in the interpreter: the
# functions they call compile on their own, on the compile thread.
steps = []
total = 0
for k in range(6000):
    steps.append(k)
    total += scaled(k)
    if k == 3000:
        # Rebound where no source scan sees it, after the compile was asked for and
        # perhaps before it was installed: the guard on `SCALE` fails.
        globals()["SCALE"] = 5
    if k == 4000:
        globals()["SCALE"] = 2.5
print("scaled", total)

total = 0
for k in range(6000):
    steps.append(k)
    total += with_default(k)
    if k == 2500:
        with_default.__defaults__ = (3,)
    if k == 5000:
        total += with_default(k, 10)
print("with_default", total)

total = 0
for k in range(6000):
    steps.append(k)
    total += swapped(k)
    if k == 3500:
        swapped.__code__ = other.__code__
print("swapped", total, swapped.__name__)

total = 0
for k in range(6000):
    steps.append(k)
    if k % 1000 == 999:
        total += grows(float(k), 0.5)
    else:
        total += grows(k, k)
    if k == 5500:
        total += grows(2**40, 2**40)  # leaves 64 bits inside native code
print("grows", total)

# A function called with three types in turn: two compile on the compile thread, the
# third (str) cannot; the function stays in automatic mode for the other two.
def poly(a):
    return a + a


seen = []
for k in range(3000):
    seen.append(poly(k))
    seen.append(poly(k / 2))
    seen.append(poly(str(k % 10)))
print("steps", len(steps))
print("poly", sum(x for x in seen if not isinstance(x, str)), "".join(x for x in seen if isinstance(x, str))[:40])
sys.stdout.flush()
