# test: lift-plan
def first_square_over(n, limit):
    box = [n]
    for i in range(n):
        square = i * i
        if square > limit:
            return box, square
    return box, -1


def inner_return(n):
    for i in range(10):
        for j in range(10):
            if i * j > n:
                return i, j
    return 0, 0


def always_returns(n):
    for i in range(n):
        return i
    return -1
# ---- expected (BLESS=1 regenerates) ----
# ---- lift plan <module> (lift_plan_return.py:1) ----
# no loops
# ---- lift plan first_square_over (lift_plan_return.py:2) ----
# loop at line 4 (lines 4-7), for-range, header block15
#     reads:              i, limit, n, square
#     assigned:           i, square
#     live-in:            limit, n
#     live-out:           square
#     bound by iteration: i, square
#     returns:            1
#     liftable
# ---- lift plan inner_return (lift_plan_return.py:11) ----
# loop at line 12 (lines 12-15), for-range, header block12
#     reads:              i, j, n
#     assigned:           i, j
#     live-in:            n
#     live-out:           i, j
#     bound by iteration: i, j
#     returns:            1
#     liftable
# loop at line 13 (lines 13-15), for-range, header block26, inside the loop at line 12
#     reads:              i, j, n
#     assigned:           j
#     live-in:            i, n
#     live-out:           j
#     bound by iteration: j
#     returns:            1
#     liftable
# ---- lift plan always_returns (lift_plan_return.py:19) ----
# no loops
