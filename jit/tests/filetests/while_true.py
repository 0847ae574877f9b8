# test: cfg
def spin(n):
    while True:
        n += 1
# ---- expected (BLESS=1 regenerates) ----
# ---- CFG spin (while_true.py:2) ----
# CFG adjacency lists:
# {0: [1],
#  1: [1]}
# CFG dominators:
# {0: {0},
#  1: {0, 1}}
# CFG post-dominators:
# {0: set(),
#  1: set()}
# CFG back edges: [(1, 1)]
# CFG loops:
# {1: Loop(entries={0}, exits=set(), header=1, body={1})}
# CFG node-to-loops:
# {0: [],
#  1: [1]}
