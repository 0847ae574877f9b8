# `xs.append(x)` on a list the function built with `[]`, in native code: item types from
# the appends, growth past any size, reads between appends, an int overflow or a zero
# divisor in the middle of the appends (the interpreter carries on with the items made so
# far), and every way the list can be held elsewhere (a copy, a call, a container, a
# bound method, an iterator still running, a shadowed builtin), which stays interpreted.
import builtins
import math


def squares(n):
    out = []
    for i in range(n):
        out.append(i * i)
    return out


def logistic(n):
    values = []
    x = 0.5
    for i in range(n):
        x = (x * 3.7 * (1.0 - x)) % 1.0
        values.append(x)
    return values


def evens_and_reads(n):
    out = []
    total = 0
    for i in range(n):
        if i % 2 == 0:
            out.append(i)
        if len(out) > 0:
            total += out[-1] + out[len(out) // 2]
    return total, len(out), sum(out), min(out), max(out), 4 in out, 5 in out


def grow_then_slice(n):
    out = []
    for i in range(n):
        out.append(i * 3)
    return out[1:5], out[::-7][:3], out[-2:]


def overflow_midway(n, scale):
    out = []
    for i in range(n):
        out.append(i * scale)
    return out


def divide_midway(n, d):
    out = []
    for i in range(n):
        out.append(100 // (d - i))
    return out


def index_error_after(n, k):
    out = []
    for i in range(n):
        out.append(float(i))
    return out[k]


def rebuilt_each_round(rounds, n):
    best = 0.0
    for r in range(rounds):
        row = []
        for i in range(n):
            row.append(math.sqrt(i + r))
        best = max(best, sum(row))
    return best


def bools_and_mixed(n):
    flags = []
    for i in range(n):
        flags.append(i % 3 == 0)
    mixed = []
    for i in range(n):
        if i % 2:
            mixed.append(i)
        else:
            mixed.append(i / 2)
    return flags, mixed


def item_store(n):
    out = []
    for i in range(n):
        out.append(i)
        out[i // 2] += 1
    return out


def copied(n):
    out = []
    alias = out
    for i in range(n):
        out.append(i)
    return alias, alias is out


def passed_on(n, sink):
    out = []
    for i in range(n):
        out.append(i)
        sink.append(out)
    return len(sink), sink[0] is out


def stored_in_list(n):
    rows = []
    for i in range(n):
        row = []
        row.append(i)
        rows.append(row)
        row.append(-i)
    return rows


def appended_to_itself(n):
    out = []
    for i in range(n):
        out.append(i)
    out.append(out)
    return len(out), out[-1] is out


def bound_method(n):
    out = []
    add = out.append
    for i in range(n):
        add(i * 2)
    return out


def iterated_while_growing(n):
    out = [] 
    out.append(1)
    for x in out:
        if len(out) < n:
            out.append(x + 1)
    return out


def iterated_after(rounds, n):
    result = []
    for r in range(rounds):
        out = []
        for i in range(n):
            out.append(i + r)
        t = 0
        for x in out:
            t += x
        result.append(t)
    return result


def iterated_then_grown(rounds):
    out = []
    seen = 0
    for r in range(rounds):
        for x in out:
            seen += x
        out.append(r)
    return out, seen


def chained(n):
    xs = ys = []
    for i in range(n):
        xs.append(i)
        ys.append(-i)
    return len(xs), len(ys), sum(xs)


def walrus_named_twice(n):
    ys = (xs := [])
    for i in range(n):
        xs.append(i)
    return len(ys), len(xs)


def identity(thing):
    return thing


def walrus_passed_on(n):
    ys = identity(xs := [])
    for i in range(n):
        xs.append(i)
    return len(ys), len(xs)


def reassigned_in_argument(n):
    out = []
    for i in range(n):
        out.append((out := []))
    return out


def tuples_and_lists(n):
    pairs = []
    for i in range(n):
        pairs.append((i, i * 0.5))
    nested = []
    for i in range(n):
        nested.append([i, i + 1])
    return pairs, nested


def strs_and_nones(words):
    kept = []
    for w in words:
        if w != "skip":
            kept.append(w)
    nones = []
    for w in words:
        nones.append(None)
    return kept, nones, kept[0] is words[0]


def len_shadowed(n):
    out = []
    for i in range(n):
        out.append(i)
        len(out)
    return out


def emptied_again(n):
    out = []
    for i in range(n):
        out.append(i)
        if len(out) == 3:
            out = []
    return out


for f, args in [
    (squares, (10,)),
    (squares, (0,)),
    (logistic, (5,)),
    (evens_and_reads, (50,)),
    (grow_then_slice, (100,)),
    (overflow_midway, (6, 2**61)),
    (overflow_midway, (4, -(2**62))),
    (divide_midway, (8, 5)),
    (index_error_after, (5, 2)),
    (index_error_after, (5, -5)),
    (index_error_after, (5, 5)),
    (index_error_after, (0, 0)),
    (rebuilt_each_round, (3, 1000)),
    (bools_and_mixed, (7,)),
    (item_store, (9,)),
    (copied, (4,)),
    (passed_on, (3, [])),
    (stored_in_list, (3,)),
    (appended_to_itself, (3,)),
    (bound_method, (5,)),
    (iterated_while_growing, (6,)),
    (iterated_after, (3, 4)),
    (iterated_then_grown, (5,)),
    (chained, (10,)),
    (chained, (5000,)),
    (walrus_named_twice, (10,)),
    (walrus_passed_on, (10,)),
    (reassigned_in_argument, (3,)),
    (tuples_and_lists, (3,)),
    (strs_and_nones, (["a", "skip", "b"],)),
    (len_shadowed, (3,)),
    (emptied_again, (8,)),
]:
    for _ in range(3):
        try:
            print(f.__name__, f(*args))
        except (IndexError, ZeroDivisionError) as error:
            print(f.__name__, type(error).__name__, error)
big = squares(200_000)
print(len(big), big[-1], sum(big))
vals = logistic(100_000)
print(sum(vals), vals[99_999])

# A global `len` that keeps what it is given: the lists it sees are the function's own.
kept = []


def len(xs):
    kept.append(xs)
    return xs.__len__()


for _ in range(3):
    print(len_shadowed(3), evens_and_reads(9))
print(builtins.len(kept), builtins.len(kept[0]), kept[0] is kept[1], kept[-1])
