# Counted loops whose iterations are independent run two at a time in native code
# (pynum_jit::interleave). Each function here either has that shape or misses it by one
# rule; all must print what CPython prints.
import math


def escape_counts(width, height, max_iter):
    # The fractal shape: set-up, a branch-free while loop, an integer sum.
    count = 0
    for y in range(height):
        ci = -1.2 + 2.4 * y / height
        for x in range(width):
            cr = -2.0 + 3.0 * x / width
            zr = 0.0
            zi = 0.0
            i = 0
            while i < max_iter and zr * zr + zi * zi <= 4.0:
                zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
                i += 1
            count += i
    return count


def float_sum_in_order(n):
    # A float accumulator: the tail runs for both iterations in their order, so the
    # sum rounds as written.
    total = 0.0
    for k in range(1, n):
        v = 1.0 / k
        steps = 0
        while v < 1e6:
            v = v * 3.7 + 0.1
            steps += 1
        total += v * 1e-7 - steps
    return total


def first_maximum(lo, hi):
    # An `if` in the tail: ties keep the first start, as written.
    best = -1
    best_at = 0
    for s in range(lo, hi):
        m = s
        t = 0
        while m > 1:
            m = m // 3
            t += 1
        if t > best:
            best, best_at = t, s
    return best, best_at


def overflowing_tail(n):
    # The sum leaves 64 bits: native code gives up and the interpreter reruns the call.
    acc = 0
    for j in range(n):
        w = j % 1000 + 1
        r = 0
        while r < 3:
            w = w * 3 % 1000003
            r += 1
        acc += w * 4611686018427387903
    return acc


def reads_loop_name_after(n):
    # `x` is read after the loop: not interleaved.
    s = 0
    x = -1
    for x in range(n):
        q = x
        while q > 0:
            q -= 2
        s += q
    return s, x


def name_reused_elsewhere(n):
    # `q` appears outside the loop: not interleaved.
    q = 7
    s = 0
    for x in range(n):
        q = x * 2
        while q > 3:
            q = q - 3
        s += q
    return s + q


def value_carried_between_iterations(n):
    # `z` is read before the set-up binds it: its value flows from one iteration to the
    # next, so the iterations are not independent.
    s = 0
    z = 1
    for x in range(n):
        z = z + x
        while z > 100:
            z = z - 97
        s += z
    return s


def division_in_tail(n, d):
    # A tail that can raise (`//`) is not interleaved.
    s = 0
    for x in range(n):
        a = x
        while a > 10:
            a = a - 10
        s += a // d
    return s


def empty_and_odd_ranges(lo, hi):
    total = 0
    for k in range(lo, hi):
        a = k * 0.5
        b = 0
        while a > 1.0:
            a = a / 2.0
            b += 1
        total += b
    return total


def math_in_setup(n):
    acc = 0.0
    for i in range(n):
        r = math.sqrt(i + 1.0)
        c = 0
        while r > 1.5:
            r = r * 0.75
            c += 1
        acc += r + c
    return acc


for _ in range(3):
    print(escape_counts(31, 17, 60))
    print(escape_counts(0, 3, 10), escape_counts(1, 1, 5))
    print(repr(float_sum_in_order(2001)))
    print(first_maximum(1, 400), first_maximum(5, 6), first_maximum(9, 3))
    print(overflowing_tail(101))
    print(reads_loop_name_after(11), reads_loop_name_after(0))
    print(name_reused_elsewhere(9))
    print(value_carried_between_iterations(301))
    print(division_in_tail(21, 3))
    for lo, hi in [(0, 0), (3, 4), (3, 6), (-5, 6), (7, 2)]:
        print(empty_and_odd_ranges(lo, hi), end=" ")
    print()
    print(repr(math_in_setup(99)))
try:
    division_in_tail(5, 0)
except ZeroDivisionError:
    print("ZeroDivisionError")


def accumulator_deleted(n):
    # The accumulator is unbound when the loop runs: the original raises in the first
    # iteration's tail, before the second iteration's (endless) while loop.
    s = 0
    del s
    for x in range(n):
        z = x
        while z != 0:
            z = z - 2
        s += z
    return s


def parameter_deleted(n, s):
    del s
    for x in range(n):
        z = x
        while z != 0:
            z = z - 2
        s += z
    return s


for call in (lambda: accumulator_deleted(2), lambda: parameter_deleted(2, 0)):
    try:
        call()
    except UnboundLocalError:
        print("UnboundLocalError")
