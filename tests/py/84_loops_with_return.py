# Loops with `return` inside are lifted: the hidden function stops at a control point,
# the caller evaluates the returned value (on its own line) and returns it. (Numba's two
# cases, an inner return that lifts and a body that always returns, are in
# 72_looplifting.py.)


def find(xs, target):
    seen = {}
    for i in range(len(xs)):
        if xs[i] == target:
            return i * 10 + target, seen
    return -1, seen


def first_over(limit, n, m):
    log = []
    total = 0
    for i in range(n):
        for j in range(m):
            total += i * j
            if total > limit:
                return (i, j, total), log
            if j > i:
                break
        else:
            total -= 1
        total += 2
    return total, log


def several_exits(n):
    names = {}
    k = 0
    while k < n:
        k += 1
        if k % 7 == 0:
            return "seven", k, names
        elif k * k > 40:
            return "square", k * k, names
        if k == 3:
            continue
    return "end", k, names


def returns_nothing(n, out):
    count = 0
    for i in range(n):
        count += i
        if count > 20:
            out.append(count)
            return
    out.append(-count)


def overflow_in_returned_value(n):
    note = "x"
    x = 1
    for i in range(n):
        x = x * 3
        if i == 30:
            return x * x * x, note
    return x, note


def raises_in_returned_value(n):
    note = "r"
    k = 0
    while k < n:
        k += 1
        if k == 5:
            return 10 // (k - 5), note
    return k, note


def unbound_in_return(n):
    note = []
    for i in range(n):
        if i > 2:
            return last, note
        last = i * 2
    return -1, note


def generator_with_returning_loop(n):
    yield 0
    total = 0
    for i in range(n):
        total += i
        if total > 10:
            return
    yield total


class Walker:
    def __init__(self):
        self.log = []

    def first_square_over(self, n, bound):
        for i in range(n):
            if i * i > bound:
                return i
        return None

    def __private(self, n):
        __hidden = 0
        for i in range(n):
            __hidden += i
            if __hidden > 5:
                return __hidden
        return -__hidden

    def private(self, n):
        return self.__private(n)


def lines_of(exc):
    tb = exc.__traceback__
    lines = []
    while tb is not None:
        lines.append(tb.tb_lineno)
        tb = tb.tb_next
    return lines


print(find([3, 1, 4, 1, 5], 4), find([3, 1], 9), find([], 1))
for limit in (0, 5, 100, 10**6):
    print(first_over(limit, 30, 30))
for n in range(0, 12):
    print(n, several_exits(n))
out = []
for n in (0, 3, 10):
    print(returns_nothing(n, out), out)
print(overflow_in_returned_value(40), overflow_in_returned_value(3))
for n in (3, 10):
    try:
        print(raises_in_returned_value(n))
    except ZeroDivisionError as e:
        print("ZeroDivisionError at lines", lines_of(e))
for n in (0, 2, 5):
    print(unbound_in_return(n))
print(list(generator_with_returning_loop(3)), list(generator_with_returning_loop(10)))
w = Walker()
print(w.first_square_over(100, 50), w.first_square_over(3, 50), w.private(2), w.private(10))
# After a return through a lifted loop, nothing of pynum's is left in the caller.
def names_left(n):
    for i in range(n):
        if i == 2:
            return sorted(locals())
    return sorted(locals())
print(names_left(5), names_left(1))


# Functions that read their locals by name get every name their loops store back.
def names_after_loop(n):
    t = 0
    for i in range(n):
        t += i
    return sorted(locals()), t


def names_through_vars(n):
    t = 0
    while t < n:
        t += 3
        if t == 9:
            return sorted(vars())
    return sorted(vars()), t


print(names_after_loop(4), names_after_loop(0), names_through_vars(20), names_through_vars(4))
