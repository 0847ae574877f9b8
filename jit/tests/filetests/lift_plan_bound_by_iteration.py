# test: lift-plan
def defined_only_inside(n):
    total = 0
    for i in range(n):
        square = i * i
        total += square
    return total


def bound_on_both_branches(n):
    total = 0
    for i in range(n):
        if i % 2:
            step = i
        else:
            step = -i
        total += step
    return total


def read_before_bound(n):
    total = 0
    for i in range(n):
        if i > 0:
            total += previous
        previous = i
    return total
# ---- expected (BLESS=1 regenerates) ----
# ---- lift plan <module> (lift_plan_bound_by_iteration.py:1) ----
# no loops
# ---- lift plan defined_only_inside (lift_plan_bound_by_iteration.py:2) ----
# loop at line 4 (lines 4-6), for-range, header block14
#     reads:              i, n, square, total
#     assigned:           i, square, total
#     live-in:            n, total
#     live-out:           total
#     bound by iteration: i, square
#     returns:            0
#     liftable
# ---- lift plan bound_on_both_branches (lift_plan_bound_by_iteration.py:10) ----
# loop at line 12 (lines 12-17), for-range, header block14
#     reads:              i, n, step, total
#     assigned:           i, step, total
#     live-in:            n, total
#     live-out:           total
#     bound by iteration: i, step
#     returns:            0
#     liftable
# ---- lift plan read_before_bound (lift_plan_bound_by_iteration.py:21) ----
# loop at line 23 (lines 23-26), for-range, header block14
#     reads:              i, n, previous, total
#     assigned:           i, previous, total
#     live-in:            n, total
#     live-out:           total
#     bound by iteration: i
#     returns:            0
#     not liftable: line 25: previous may be read before it is bound
