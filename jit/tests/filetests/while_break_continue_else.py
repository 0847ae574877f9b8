# test: cfg ir
def search(xs, target):
    i = 0
    while i < len(xs):
        if xs[i] == target:
            break
        i += 1
        if i > 100:
            continue
    else:
        return -1
    return i
# ---- expected (BLESS=1 regenerates) ----
# ---- CFG search (while_break_continue_else.py:2) ----
# CFG adjacency lists:
# {0: [3],
#  3: [18, 55],
#  18: [31, 35],
#  31: [],
#  35: [50, 53],
#  50: [3],
#  53: [3],
#  55: []}
# CFG dominators:
# {0: {0},
#  3: {0, 3},
#  18: {0, 3, 18},
#  31: {0, 3, 18, 31},
#  35: {0, 3, 18, 35},
#  50: {0, 3, 18, 35, 50},
#  53: {0, 3, 18, 35, 53},
#  55: {0, 3, 55}}
# CFG post-dominators:
# {0: {0, 3},
#  3: {3},
#  18: {18},
#  31: {31},
#  35: {3, 35},
#  50: {3, 50},
#  53: {3, 53},
#  55: {55}}
# CFG back edges: [(50, 3), (53, 3)]
# CFG loops:
# {3: Loop(entries={0}, exits={31, 55}, header=3, body={3, 18, 35, 50, 53})}
# CFG node-to-loops:
# {0: [],
#  3: [3],
#  18: [3],
#  31: [],
#  35: [3],
#  50: [3],
#  53: [3],
#  55: []}
# ---- IR search (while_break_continue_else.py:2) ----
# function search(xs, target) at while_break_continue_else.py:2
# block0:
#     # line 3
#     $0.0 = const 0
#     i = $0.0
#     del $0.0
#     jump block3
# block3:
#     # line 4
#     $3.0 = global len
#     $3.1 = call($3.0, xs)
#     del $3.0
#     $3.2 = i < $3.1
#     del $3.1
#     $3.3 = bool($3.2)
#     del $3.2
#     branch $3.3, block18, block55
# block18:
#     # line 5
#     $18.0 = getitem(xs, i)
#     $18.1 = $18.0 == target
#     del $18.0
#     $18.2 = bool($18.1)
#     del $18.1
#     branch $18.2, block31, block35
# block31:
#     # line 12
#     return i
# block35:
#     # line 7
#     $35.0 = const 1
#     $35.1 = i += $35.0
#     del i
#     del $35.0
#     i = $35.1
#     del $35.1
#     # line 8
#     $35.2 = const 100
#     $35.3 = i > $35.2
#     del $35.2
#     $35.4 = bool($35.3)
#     del $35.3
#     branch $35.4, block53, block50
# block50:
#     jump block3
# block53:
#     # line 9
#     jump block3
# block55:
#     # line 11
#     $55.0 = const -1
#     return $55.0
