# A loop that starts cold runs a counting copy until it is hot, then native code runs
# the rest from the loop's header. The copy of a `for` loop over `range` iterates a
# counting iterator that stops at the hot item, and its `else` finds out whether the
# loop ran out or stopped; a `while` loop's copy iterates an endless counter and leaves
# where its test fails. Every way out must stay the loop's own: `break`, `continue`,
# `return`, an exception, an `else` that runs only when the loop ran out (and whose
# `break` or `continue` belongs to the loop around it), a hand-over at the first or the
# last iteration, and the same loop entered again from inside itself.


def for_else(n, stop_at):
    s = 0
    for i in range(n):
        if i == stop_at:
            break
        s += i * 3 % 7
    else:
        s = -s
    return s, i


def for_else_in_outer(rows, n):
    out = []
    for r in range(rows):
        for i in range(n):
            if i > 3000 + r:
                break
            if i == -1:
                out.append(0)
        else:
            out.append(("ran out", r, i))
            continue
        out.append(("broke", r, i))
    return out


def for_else_breaks_outer(rows, n):
    seen = 0
    for r in range(rows):
        t = 0
        for i in range(n):
            t += i & 5
        else:
            seen += t
            if r == 2:
                break
    return seen, r


def while_test_fails(n):
    i = 0
    s = 0
    while i < n:
        i += 1
        if i % 5 == 0:
            continue
        s += i
    return s, i


def while_with_else(n, stop):
    i = 0
    s = 0
    while i < n:
        i += 1
        if i == stop:
            break
        s ^= i
    else:
        s = -1 - s
    return s, i


def while_returns(n):
    i = 0
    while i < n:
        i += 1
        if i * i > 5_000_000:
            return "over", i
    return "under", i


def for_raises(n, bad):
    s = 0
    for i in range(n):
        s += 100 // (i - bad)
    return s


def empty_and_single(n):
    out = []
    for start in (n, n - 1, n - 2):
        s = 0
        for i in range(start, n):
            s += i
        out.append((s, start))
    return out


def reenters(depth, n):
    s = 0
    for i in range(n):
        s += i % 3
        if depth and i == n // 2:
            s += reenters(depth - 1, n)
    return s


def target_kept(n):
    i = -5
    for i in range(n):
        pass
    return i


def step_and_negative(n):
    s = 0
    for i in range(n, -n, -3):
        s += i
    t = 0
    for j in range(-n, n, 7):
        t -= j
    return s, t


for n in (0, 1, 999, 1000, 1001, 2500, 5000):
    print("for_else", n, for_else(n, -1) if n else for_else(1, -1), for_else(n + 1, n // 2))
print(for_else_in_outer(4, 5000)[-3:], len(for_else_in_outer(3, 3001)))
print(for_else_breaks_outer(5, 3000))
for n in (3, 1000, 4000, 12000):
    print("while", while_test_fails(n), while_with_else(n, 2000), while_with_else(n, 10 ** 9))
print(while_returns(10), while_returns(10 ** 6))
for bad in (2500, 10):
    try:
        print(for_raises(3000, bad))
    except ZeroDivisionError as error:
        print("ZeroDivisionError", error)
for n in (2, 1500, 4000):
    print(empty_and_single(n))
print(reenters(3, 2400))
print(target_kept(0), target_kept(1), target_kept(3000))
print(step_and_negative(4000), step_and_negative(5))
for k in range(30):
    assert for_else(200, 150 + k)[1] == 150 + k
print("done")
