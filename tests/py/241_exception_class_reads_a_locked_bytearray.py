# An exception native code raises is made after the bytearrays it was given are
# unlocked: a class put in `builtins` in place of ValueError whose __init__ reads the
# bytearray waited for ever on the lock the call still held (JIT only; found by an
# adversarial review). The writes before the raise stay, as in CPython.
import builtins


class SnapshotError(Exception):
    def __init__(self, *args):
        super().__init__(*args)
        self.snapshot = bytes(B)
        B.append(7)


B = bytearray(3)
builtins.ValueError = SnapshotError


def mark_then_check(b, n):
    b[0] = 1
    if n > 5:
        raise ValueError("too big")
    return 0


for _ in range(2000):
    mark_then_check(bytearray(10), 1)
try:
    mark_then_check(B, 10)
except Exception as e:
    print(type(e).__name__, e, e.snapshot, bytes(B))


# Automatic mode runs a call that fails natively again in the interpreter, which raises:
# the exception native code's status names is not made first (a replaced builtin's
# __init__ ran once for nothing, and twice for a `raise` of its own).
made = []


class CountingError(Exception):
    def __init__(self, *args):
        super().__init__(*args)
        made.append(args)


builtins.ValueError = CountingError


def stepped(n, step):
    total = 0
    for i in range(0, n, step):
        total += i
    return total


def checked(n):
    if n > 5:
        raise ValueError("over five")
    return n


for _ in range(2000):
    stepped(10, 3)
    checked(1)
for args in ((10, 0), (7,)):
    try:
        stepped(*args) if len(args) == 2 else checked(*args)
    except Exception as e:
        print(type(e).__name__, e)
print("inits:", made)
