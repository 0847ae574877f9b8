# test: cfg
def first_even(xs):
    for x in xs:
        if x % 2 == 0:
            break
    else:
        x = None
    return x
# ---- expected (BLESS=1 regenerates) ----
# ---- CFG first_even (for_else.py:2) ----
# CFG adjacency lists:
# {0: [3],
#  3: [5, 26],
#  5: [19, 22],
#  19: [3],
#  22: [],
#  26: []}
# CFG dominators:
# {0: {0},
#  3: {0, 3},
#  5: {0, 3, 5},
#  19: {0, 3, 5, 19},
#  22: {0, 3, 5, 22},
#  26: {0, 3, 26}}
# CFG post-dominators:
# {0: {0, 3},
#  3: {3},
#  5: {5},
#  19: {3, 19},
#  22: {22},
#  26: {26}}
# CFG back edges: [(19, 3)]
# CFG loops:
# {3: Loop(entries={0}, exits={22, 26}, header=3, body={3, 5, 19})}
# CFG node-to-loops:
# {0: [],
#  3: [3],
#  5: [3],
#  19: [3],
#  22: [],
#  26: []}
