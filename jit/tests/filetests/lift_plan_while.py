# test: lift-plan
def collatz(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return "steps=%d" % steps


def spin(n):
    while True:
        n += 1
        if n > 10:
            break
    return n
# ---- expected (BLESS=1 regenerates) ----
# ---- lift plan <module> (lift_plan_while.py:1) ----
# no loops
# ---- lift plan collatz (lift_plan_while.py:2) ----
# loop at line 4 (lines 4-6), while, header block3
#     reads:              n, steps
#     assigned:           n, steps
#     live-in:            n, steps
#     live-out:           steps
#     bound by iteration: -
#     returns:            0
#     liftable
# ---- lift plan spin (lift_plan_while.py:10) ----
# loop at line 11 (lines 11-13), while, header block1
#     reads:              n
#     assigned:           n
#     live-in:            n
#     live-out:           n
#     bound by iteration: -
#     returns:            0
#     liftable
