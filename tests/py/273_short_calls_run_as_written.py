# Short calls of a function with lifted loops run the function as written, and long ones
# automatic mode's copy (vm/src/dispatcher/plain_calls.rs): each entry of a lifted loop
# went through the runtime four times, and a four-trip loop called 2,000 times cost a
# quarter more than without the JIT. What the calls compute, raise and print is the
# same either way: defaults rebound between calls, closures that write their cells, a
# long call after many short ones, an exception inside the loop (traceback and all),
# recursion, keyword arguments, and a function that compiles nothing but keeps its
# short calls.
import sys
import traceback


def stepped(n, step):
    total = 0
    for i in range(0, n, step):
        total += i
    return total


def scaled(xs, k=2):
    out = 0
    for x in xs:
        out += x * k
    return out


def make_counter():
    count = 0

    def bump(n):
        nonlocal count
        for i in range(n):
            count += i
        return count

    return bump


def divides(n):
    t = 0
    for i in range(n):
        t += 12 // (3 - i)
    return t


def recursive(n):
    if n <= 0:
        return 0
    s = 0
    for i in range(n):
        s += i
    return s + recursive(n - 1)


def surrogates(items):
    # Nothing compiles for it (a lone surrogate stays in the interpreter).
    for i in range(len(items)):
        items[i] = "\udfff" + items[i]
    return len(items)


acc = 0
for k in range(3000):
    acc += stepped(10, 3) + scaled([1, 2, 3]) + recursive(3) + scaled([4], k=k % 3)
    if k == 1500:
        scaled.__defaults__ = (5,)
    if k == 2500:
        acc += stepped(300_000, 1)
print(acc)

bump = make_counter()
for k in range(2000):
    r = bump(3)
print(r, bump(100_000))

for k in range(2000):
    t = divides(2)
print(t)
for n in (3, 4):
    try:
        print(divides(n))
    except ZeroDivisionError:
        print("".join(traceback.format_exc().splitlines(True)[-3:]), end="")

lengths = 0
for k in range(3000):
    lengths += surrogates(["a", "b"])
print(lengths, ascii(surrogates(["x"] * 3)), ascii(surrogates([])))
print(stepped(7, 2), scaled([1, 2], 3), sys.getrecursionlimit() > 100)
