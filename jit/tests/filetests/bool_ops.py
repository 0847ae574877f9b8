# test: cfg ir
def pick(a, b, c):
    return a and b or c
# ---- expected (BLESS=1 regenerates) ----
# ---- CFG pick (bool_ops.py:2) ----
# CFG adjacency lists:
# {0: [9, 20],
#  9: [19, 22],
#  19: [20],
#  20: [22],
#  22: []}
# CFG dominators:
# {0: {0},
#  9: {0, 9},
#  19: {0, 9, 19},
#  20: {0, 20},
#  22: {0, 22}}
# CFG post-dominators:
# {0: {0, 22},
#  9: {9, 22},
#  19: {19, 20, 22},
#  20: {20, 22},
#  22: {22}}
# CFG back edges: []
# CFG loops:
# {}
# CFG node-to-loops:
# {0: [],
#  9: [],
#  19: [],
#  20: [],
#  22: []}
# ---- IR pick (bool_ops.py:2) ----
# function pick(a, b, c) at bool_ops.py:2
# block0:
#     # line 3
#     $0.0 = bool(a)
#     branch $0.0, block9(a), block20(a)
# block9($9.0):
#     del $9.0
#     $9.1 = bool(b)
#     branch $9.1, block22(b), block19(b)
# block19($19.0):
#     jump block20($19.0)
# block20($20.0):
#     del $20.0
#     jump block22(c)
# block22($22.0):
#     return $22.0
