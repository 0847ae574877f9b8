# test: ir
LIMIT = 10

def clamp(x):
    global LIMIT
    LIMIT = max(LIMIT, 1)
    return min(x, LIMIT, key=abs)
# ---- expected (BLESS=1 regenerates) ----
# ---- IR clamp (globals_and_calls.py:4) ----
# function clamp(x) at globals_and_calls.py:4
# block0:
#     # line 6
#     $0.0 = global max
#     $0.1 = global LIMIT
#     $0.2 = const 1
#     $0.3 = call($0.0, $0.1, $0.2)
#     del $0.0
#     del $0.1
#     del $0.2
#     store_global($0.3, name=LIMIT)
#     del $0.3
#     # line 7
#     $0.4 = global min
#     $0.5 = global LIMIT
#     $0.6 = global abs
#     $0.7 = const ("key",)
#     del $0.7
#     $0.8 = call($0.4, x, $0.5, key=$0.6)
#     del $0.4
#     del x
#     del $0.5
#     del $0.6
#     return $0.8
