# test: cfg ir
def safe_div(a, b):
    try:
        r = a / b
    except ZeroDivisionError:
        r = None
    finally:
        print("done")
    return r
# ---- expected (BLESS=1 regenerates) ----
# ---- CFG safe_div (try_except_finally.py:2) ----
# CFG adjacency lists:
# {0: [2],
#  2: [10],
#  10: [],
#  23: [32, 38],
#  32: [36],
#  36: [10],
#  38: [],
#  39: [],
#  42: [],
#  55: []}
# CFG exception edges:
# {2: 23,
#  23: 39,
#  32: 39,
#  36: 42,
#  38: 39,
#  39: 42,
#  42: 55}
# CFG dominators:
# {0: {0},
#  2: {0, 2},
#  10: {0, 2, 10},
#  23: {0, 2, 23},
#  32: {0, 2, 23, 32},
#  36: {0, 2, 23, 32, 36},
#  38: {0, 2, 23, 38},
#  39: {0, 2, 23, 39},
#  42: {0, 2, 23, 42},
#  55: {0, 2, 23, 42, 55}}
# CFG post-dominators:
# {0: {0, 2},
#  2: {2},
#  10: {10},
#  23: {23},
#  32: {32},
#  36: {36},
#  38: {38},
#  39: {39},
#  42: {42},
#  55: {55}}
# CFG back edges: []
# CFG loops:
# {}
# CFG node-to-loops:
# {0: [],
#  2: [],
#  10: [],
#  23: [],
#  32: [],
#  36: [],
#  38: [],
#  39: [],
#  42: [],
#  55: []}
# ---- IR safe_div (try_except_finally.py:2) ----
# function safe_div(a, b) at try_except_finally.py:2
# block0:
#     # line 3
#     jump block2
# block2 [unwind block23]:
#     # line 4
#     $2.0 = a / b
#     del a
#     del b
#     r = $2.0
#     del $2.0
#     jump block10
# block10:
#     # line 8
#     $10.0 = global print
#     $10.1 = const "done"
#     $10.2 = call($10.0, $10.1)
#     del $10.0
#     del $10.1
#     del $10.2
#     # line 9
#     return r
# block23 [catch $23.0] [unwind block39($23.1)]:
#     $23.1 = exc_info($23.0)
#     # line 5
#     $23.2 = global ZeroDivisionError
#     $23.3 = exc_match($23.0, $23.2)
#     del $23.2
#     branch $23.3, block32($23.1, $23.0), block38($23.1, $23.0)
# block32($32.0, $32.1) [unwind block39($32.0)]:
#     # line 6
#     del $32.1
#     $32.2 = const None
#     r = $32.2
#     del $32.2
#     jump block36($32.0)
# block36($36.0) [unwind block42]:
#     pop_except($36.0)
#     del $36.0
#     jump block10
# block38($38.0, $38.1) [unwind block39($38.0)]:
#     # line 5
#     reraise $38.1
# block39($39.0) [catch $39.1, $39.2] [unwind block42]:
#     del $39.1
#     pop_except($39.0)
#     del $39.0
#     reraise $39.2
# block42 [catch $42.0] [unwind block55($42.1)]:
#     $42.1 = exc_info($42.0)
#     # line 8
#     $42.2 = global print
#     $42.3 = const "done"
#     $42.4 = call($42.2, $42.3)
#     del $42.2
#     del $42.3
#     del $42.4
#     reraise $42.0
# block55($55.0) [catch $55.1, $55.2]:
#     del $55.1
#     pop_except($55.0)
#     del $55.0
#     reraise $55.2
