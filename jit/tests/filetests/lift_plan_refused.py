# test: lift-plan
import math

counter = 0


def calls_unknown(n):
    t = 0
    for i in range(n):
        t += helper(i)
    return t


def calls_native(xs):
    t = 0.0
    for x in xs:
        t += math.sqrt(abs(x)) + len(xs)
    return t


def declares_global(n):
    global counter
    for i in range(n):
        counter += i


def generator_yield_in_loop(n):
    for i in range(n):
        yield i * 2


def generator_with_plain_loop(n):
    total = 0
    yield "start"
    for i in range(n):
        total += i * i
    yield total


def closure_touched(n):
    k = 0
    bump = lambda: k + 1
    for i in range(n):
        k += i
    return bump()


def appends(xs, n):
    for i in range(n):
        xs.append(i)


def unpacks(pairs):
    t = 0
    for a, b in pairs:
        t += a * b
    return t


def in_try(n):
    t = 0
    for i in range(n):
        try:
            t += 10 // i
        except ZeroDivisionError:
            t -= 1
    return t


def variadic(*args):
    t = 0
    for i in range(len(args)):
        t += i
    return t


total = 0
for k in range(10):
    total += k * k
# ---- expected (BLESS=1 regenerates) ----
# ---- lift plan <module> (lift_plan_refused.py:1) ----
# loop at line 78 (lines 78-79), for-range, header block47
#     reads:              k, range, total
#     assigned:           k, total
#     live-in:            total
#     live-out:           k, total
#     bound by iteration: k
#     returns:            0
#     liftable
# ---- lift plan calls_unknown (lift_plan_refused.py:7) ----
# loop at line 9 (lines 9-10), for-range, header block14
#     reads:              i, n, t
#     assigned:           i, t
#     live-in:            n, t
#     live-out:           t
#     bound by iteration: i
#     returns:            0
#     calls:              helper (each must compile whole)
#     liftable
# ---- lift plan calls_native (lift_plan_refused.py:14) ----
# loop at line 16 (lines 16-17), for-name, header block5
#     reads:              t, x, xs
#     assigned:           t, x
#     live-in:            t, xs
#     live-out:           t
#     bound by iteration: x
#     returns:            0
#     liftable
# ---- lift plan declares_global (lift_plan_refused.py:21) ----
# loop at line 23 (lines 23-24), for-range, header block12
#     reads:              i, n
#     assigned:           i
#     live-in:            n
#     live-out:           -
#     bound by iteration: i
#     returns:            0
#     not liftable: line 24: stores the global counter
# ---- lift plan generator_yield_in_loop (lift_plan_refused.py:27) ----
# loop at line 28 (lines 28-29), for-range, header block14
#     reads:              i, n
#     assigned:           i
#     live-in:            n
#     live-out:           -
#     bound by iteration: i
#     returns:            0
#     not liftable: line 29: yields
# ---- lift plan generator_with_plain_loop (lift_plan_refused.py:32) ----
# loop at line 35 (lines 35-36), for-range, header block20
#     reads:              i, n, total
#     assigned:           i, total
#     live-in:            n, total
#     live-out:           total
#     bound by iteration: i
#     returns:            0
#     liftable
# ---- lift plan closure_touched (lift_plan_refused.py:40) ----
# loop at line 43 (lines 43-44), for-range, header block21
#     reads:              i, n
#     assigned:           i
#     live-in:            n
#     live-out:           -
#     bound by iteration: i
#     returns:            0
#     not liftable: line 44: k is shared with a nested scope
# ---- lift plan closure_touched.<locals>.<lambda> (lift_plan_refused.py:42) ----
# no loop lifted: a nested function (loops lift in top-level functions, methods and module code)
# no loops
# ---- lift plan appends (lift_plan_refused.py:48) ----
# loop at line 49 (lines 49-50), for-range, header block12
#     reads:              i, n, xs
#     assigned:           i
#     live-in:            n, xs
#     live-out:           -
#     bound by iteration: i
#     returns:            0
#     not liftable: line 50: calls the method append
# ---- lift plan unpacks (lift_plan_refused.py:53) ----
# loop at line 55 (lines 55-56), for-name, header block5
#     reads:              a, b, pairs, t
#     assigned:           a, b, t
#     live-in:            pairs, t
#     live-out:           t
#     bound by iteration: a, b
#     returns:            0
#     liftable
# ---- lift plan in_try (lift_plan_refused.py:60) ----
# loop at line 62 (lines 62-66), for-range, header block14
#     reads:              i, n, t
#     assigned:           i, t
#     live-in:            n, t
#     live-out:           t
#     bound by iteration: i
#     returns:            0
#     not liftable: line 64: inside try or with
# ---- lift plan variadic (lift_plan_refused.py:70) ----
# no loop lifted: takes *args or **kwargs
# loop at line 72 (lines 72-73), for-range, header block23
#     reads:              args, i, t
#     assigned:           i, t
#     live-in:            args, t
#     live-out:           t
#     bound by iteration: i
#     returns:            0
#     not liftable: takes *args or **kwargs
