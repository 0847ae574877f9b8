# Loop-lifting cases after Numba's test_looplifting.py (lists where Numba uses arrays),
# plus the shapes Numba does not lift. Every function also touches a dict or a string,
# so none compiles whole: only its loops may run natively. Output must match CPython.


def one_accumulator(x):
    note = {"kind": "one"}
    c = 0
    for i in range(5):
        c += i * x
    note["c"] = c
    return note


def two_accumulators(x):
    label = "two"
    a = 0
    b = 1.0
    for i in range(6):
        a += i
        b *= 1.5 + x
    return label, a, b


def with_break(x):
    seen = {}
    count = 0
    for i in range(100):
        if i * x > 20:
            break
        count += 1
    seen["count"] = count
    return seen


def nested_loops(n):
    tag = "nested"
    total = 0
    for i in range(n):
        for j in range(i):
            total += i ^ j
    return tag, total


def nested_with_inner_return(n):
    box = [n]
    for i in range(10):
        for j in range(10):
            return box, 1
    return box, 2


def body_always_returns(n):
    box = {"n": n}
    for i in range(n):
        return box, i
    return box, -1


def generator_with_plain_loop(n):
    total = 0
    yield "start"
    for i in range(n):
        total += i * i
    yield total


def generator_yield_in_loop(n):
    for i in range(n):
        yield i * 2


def while_in_first_block(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return "steps=%d" % steps


def loop_inside_if(flag, n):
    out = {}
    acc = 0
    if flag:
        for i in range(n):
            acc += i
    else:
        k = n
        while k > 0:
            acc -= k
            k -= 1
    out["acc"] = acc
    return out


def loop_after_if(n):
    s = "x"
    if n > 3:
        s = "big"
    acc = 1
    for i in range(1, n):
        acc = (acc * i) % 1000003
    return s, acc


def for_else(n, stop):
    d = {}
    found = -1
    for i in range(n):
        if i == stop:
            found = i
            break
    else:
        found = n * 10
    d["found"] = found
    return d


def zero_trip(n):
    result = "zero"
    last = -1
    for i in range(n):
        last = i
    return result, last


def defined_only_inside(n):
    text = "inside"
    total = 0
    for i in range(n):
        square = i * i
        total += square
    return text, total


def live_out_feeds_later_loop(n):
    info = {}
    acc = 0
    for i in range(n):
        acc += i
    scale = 0
    for j in range(acc % 7):
        scale += acc
    info["scale"] = scale
    return info


def inner_loop_of_object_loop(words):
    lengths = {}
    for w in words:
        total = 0
        n = len(w)
        for i in range(n):
            total += i
        lengths[w] = total
    return lengths


def overflow_then_deopt(n):
    label = "big"
    x = 1
    for i in range(n):
        x *= 3
    return label, x


def raises_inside(n):
    t = 0
    for i in range(n):
        t += 10 // (5 - i)
    return {"t": t}


def closure_untouched(n):
    k = 3
    scale = lambda v: v * k
    acc = 0
    for i in range(n):
        acc += i
    return scale(acc)


def closure_touched(n):
    k = 0
    bump = lambda: k + 1
    for i in range(n):
        k += i
    return bump()


print(one_accumulator(3))
print(two_accumulators(0.25))
print(with_break(3), with_break(0))
print(nested_loops(30))
print(nested_with_inner_return(4))
print(body_always_returns(3), body_always_returns(0))
print(list(generator_with_plain_loop(10)))
print(list(generator_yield_in_loop(4)))
print(while_in_first_block(27))
print(loop_inside_if(True, 10), loop_inside_if(False, 10))
print(loop_after_if(10), loop_after_if(2))
print(for_else(10, 4), for_else(10, 40))
print(zero_trip(0), zero_trip(5))
print(defined_only_inside(10))
print(live_out_feeds_later_loop(20))
print(inner_loop_of_object_loop(["a", "abc", "hello"]))
print(overflow_then_deopt(10), overflow_then_deopt(50))
print(closure_untouched(10), closure_touched(10))
try:
    print(raises_inside(3))
    print(raises_inside(10))
except ZeroDivisionError as exc:
    print("ZeroDivisionError", type(exc).__name__)


def list_stores(x):
    note = "stores"
    a = [0] * 3
    for i in range(len(a)):
        a[i] = x
    return note, a


def nested_list_stores(x):
    note = {"rows": 2}
    grid = [0.0] * 6
    for r in range(2):
        for c in range(3):
            grid[r * 3 + c] = x * r + c
    return note, grid


print(list_stores(7))
print(nested_list_stores(1.5))
