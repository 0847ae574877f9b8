# test: lift-plan
def nested_loops(n):
    total = 0
    for i in range(n):
        for j in range(i):
            total += i ^ j
    return total


def inner_loop_of_object_loop(words):
    lengths = {}
    for w in words:
        total = 0
        n = len(w)
        for i in range(n):
            total += i
        lengths[w] = total
    return lengths


def grid(x):
    g = [0.0] * 6
    for r in range(2):
        for c in range(3):
            g[r * 3 + c] = x * r + c
    return g


def outer():
    def inner(n):
        t = 0
        for i in range(n):
            t += i
        return t
    return inner(3)
# ---- expected (BLESS=1 regenerates) ----
# ---- lift plan <module> (lift_plan_nested.py:1) ----
# no loops
# ---- lift plan nested_loops (lift_plan_nested.py:2) ----
# loop at line 4 (lines 4-6), for-range, header block14
#     reads:              i, j, n, total
#     assigned:           i, j, total
#     live-in:            n, total
#     live-out:           total
#     bound by iteration: i, j
#     returns:            0
#     liftable
# loop at line 5 (lines 5-6), for-range, header block28, inside the loop at line 4
#     reads:              i, j, total
#     assigned:           j, total
#     live-in:            i, total
#     live-out:           total
#     bound by iteration: j
#     returns:            0
#     liftable
# ---- lift plan inner_loop_of_object_loop (lift_plan_nested.py:10) ----
# loop at line 12 (lines 12-17), for-name, header block5
#     reads:              i, lengths, n, total, w, words
#     assigned:           i, n, total, w
#     live-in:            lengths, words
#     live-out:           -
#     bound by iteration: i, n, total, w
#     returns:            0
#     liftable
# loop at line 15 (lines 15-16), for-range, header block32, inside the loop at line 12
#     reads:              i, n, total
#     assigned:           i, total
#     live-in:            n, total
#     live-out:           total
#     bound by iteration: i
#     returns:            0
#     liftable
# ---- lift plan grid (lift_plan_nested.py:21) ----
# loop at line 23 (lines 23-25), for-range, header block22
#     reads:              c, g, r, x
#     assigned:           c, r
#     live-in:            g, x
#     live-out:           -
#     bound by iteration: c, r
#     returns:            0
#     liftable
# loop at line 24 (lines 24-25), for-range, header block36, inside the loop at line 23
#     reads:              c, g, r, x
#     assigned:           c
#     live-in:            g, r, x
#     live-out:           -
#     bound by iteration: c
#     returns:            0
#     liftable
# ---- lift plan outer (lift_plan_nested.py:29) ----
# no loops
# ---- lift plan outer.<locals>.inner (lift_plan_nested.py:30) ----
# no loop lifted: a nested function (loops lift in top-level functions, methods and module code)
# loop at line 32 (lines 32-33), for-range, header block14
#     reads:              i, n, t
#     assigned:           i, t
#     live-in:            n, t
#     live-out:           t
#     bound by iteration: i
#     returns:            0
#     not liftable: a nested function (loops lift in top-level functions, methods and module code)
