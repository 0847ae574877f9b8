# test: cfg ir
def absolute(x):
    return x if x >= 0 else -x
# ---- expected (BLESS=1 regenerates) ----
# ---- CFG absolute (conditional_expression.py:2) ----
# CFG adjacency lists:
# {0: [7, 10],
#  7: [],
#  10: []}
# CFG dominators:
# {0: {0},
#  7: {0, 7},
#  10: {0, 10}}
# CFG post-dominators:
# {0: {0},
#  7: {7},
#  10: {10}}
# CFG back edges: []
# CFG loops:
# {}
# CFG node-to-loops:
# {0: [],
#  7: [],
#  10: []}
# ---- IR absolute (conditional_expression.py:2) ----
# function absolute(x) at conditional_expression.py:2
# block0:
#     # line 3
#     $0.0 = const 0
#     $0.1 = x >= $0.0
#     del $0.0
#     $0.2 = bool($0.1)
#     del $0.1
#     branch $0.2, block7, block10
# block7:
#     return x
# block10:
#     $10.0 = neg(x)
#     del x
#     return $10.0
