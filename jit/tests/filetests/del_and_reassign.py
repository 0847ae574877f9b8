# test: ir
def swap_twice(a, b):
    t = a
    a = b
    b = t
    del t
    return a, b
# ---- expected (BLESS=1 regenerates) ----
# ---- IR swap_twice (del_and_reassign.py:2) ----
# function swap_twice(a, b) at del_and_reassign.py:2
# block0:
#     # line 3
#     t = a
#     del a
#     # line 4
#     a = b
#     del b
#     # line 5
#     b = t
#     # line 6
#     discard t
#     del t
#     del t
#     # line 7
#     $0.0 = build_tuple(a, b)
#     del a
#     del b
#     return $0.0
