# test: lift-plan
def accumulate(n, x):
    note = {"kind": "sum"}
    total = 0
    for i in range(n):
        total += i * x
    note["total"] = total
    return note
# ---- expected (BLESS=1 regenerates) ----
# ---- lift plan <module> (lift_plan_for_range.py:1) ----
# no loops
# ---- lift plan accumulate (lift_plan_for_range.py:2) ----
# loop at line 5 (lines 5-6), for-range, header block18
#     reads:              i, n, total, x
#     assigned:           i, total
#     live-in:            n, total, x
#     live-out:           total
#     bound by iteration: i
#     returns:            0
#     liftable
