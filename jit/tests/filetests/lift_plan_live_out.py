# test: lift-plan
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


def zero_trip(n):
    last = -1
    for i in range(n):
        last = i
    return last


def for_else(n, stop):
    found = -1
    for i in range(n):
        if i == stop:
            found = i
            break
    else:
        found = n * 10
    return found
# ---- expected (BLESS=1 regenerates) ----
# ---- lift plan <module> (lift_plan_live_out.py:1) ----
# no loops
# ---- lift plan live_out_feeds_later_loop (lift_plan_live_out.py:2) ----
# loop at line 5 (lines 5-6), for-range, header block16
#     reads:              acc, i, n
#     assigned:           acc, i
#     live-in:            acc, n
#     live-out:           acc
#     bound by iteration: i
#     returns:            0
#     liftable
# loop at line 8 (lines 8-9), for-range, header block51
#     reads:              acc, scale
#     assigned:           j, scale
#     live-in:            acc, scale
#     live-out:           scale
#     bound by iteration: -
#     returns:            0
#     liftable
# ---- lift plan zero_trip (lift_plan_live_out.py:14) ----
# loop at line 16 (lines 16-17), for-range, header block14
#     reads:              i, n
#     assigned:           i, last
#     live-in:            last, n
#     live-out:           last
#     bound by iteration: i
#     returns:            0
#     liftable
# ---- lift plan for_else (lift_plan_live_out.py:21) ----
# loop at line 23 (lines 23-25), for-range, header block14
#     reads:              i, n, stop
#     assigned:           found, i
#     live-in:            found, n, stop
#     live-out:           found
#     bound by iteration: i
#     returns:            0
#     liftable
