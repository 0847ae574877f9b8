# test: cfg ir
def sign(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    else:
        return 0
# ---- expected (BLESS=1 regenerates) ----
# ---- CFG sign (if_elif.py:2) ----
# CFG adjacency lists:
# {0: [7, 10],
#  7: [],
#  10: [16, 19],
#  16: [],
#  19: []}
# CFG dominators:
# {0: {0},
#  7: {0, 7},
#  10: {0, 10},
#  16: {0, 10, 16},
#  19: {0, 10, 19}}
# CFG post-dominators:
# {0: {0},
#  7: {7},
#  10: {10},
#  16: {16},
#  19: {19}}
# CFG back edges: []
# CFG loops:
# {}
# CFG node-to-loops:
# {0: [],
#  7: [],
#  10: [],
#  16: [],
#  19: []}
# ---- IR sign (if_elif.py:2) ----
# function sign(x) at if_elif.py:2
# block0:
#     # line 3
#     $0.0 = const 0
#     $0.1 = x > $0.0
#     del $0.0
#     $0.2 = bool($0.1)
#     del $0.1
#     branch $0.2, block7, block10
# block7:
#     # line 4
#     $7.0 = const 1
#     return $7.0
# block10:
#     # line 5
#     $10.0 = const 0
#     $10.1 = x < $10.0
#     del x
#     del $10.0
#     $10.2 = bool($10.1)
#     del $10.1
#     branch $10.2, block16, block19
# block16:
#     # line 6
#     $16.0 = const -1
#     return $16.0
# block19:
#     # line 8
#     $19.0 = const 0
#     return $19.0
