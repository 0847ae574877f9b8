# test: cfg ir
def find(xs, v):
    for i in range(len(xs)):
        if xs[i] == v:
            return i
    return -1
# ---- expected (BLESS=1 regenerates) ----
# ---- CFG find (return_in_loop.py:2) ----
# CFG adjacency lists:
# {0: [21],
#  21: [23, 44],
#  23: [36, 39],
#  36: [21],
#  39: [],
#  44: []}
# CFG dominators:
# {0: {0},
#  21: {0, 21},
#  23: {0, 21, 23},
#  36: {0, 21, 23, 36},
#  39: {0, 21, 23, 39},
#  44: {0, 21, 44}}
# CFG post-dominators:
# {0: {0, 21},
#  21: {21},
#  23: {23},
#  36: {21, 36},
#  39: {39},
#  44: {44}}
# CFG back edges: [(36, 21)]
# CFG loops:
# {21: Loop(entries={0}, exits={39, 44}, header=21, body={21, 23, 36})}
# CFG node-to-loops:
# {0: [],
#  21: [21],
#  23: [21],
#  36: [21],
#  39: [],
#  44: []}
# ---- IR find (return_in_loop.py:2) ----
# REWRITING (range_loop) block0:
# block0:
#     # line 3
#     $0.0 = global range
#     $0.1 = global len
#     $0.2 = call($0.1, xs)
#     $0.3 = call($0.0, $0.2)
#     $0.4 = getiter($0.3)
#     jump block21($0.4)
#     ---- into ----
# block0:
#     # line 3
#     $0.1 = global len
#     $0.2 = call($0.1, xs)
#     $0.5 = const 0
#     $0.6 = const 1
#     $0.4 = range_iter($0.5, $0.2, $0.6)
#     jump block21($0.4)
# function find(xs, v) at return_in_loop.py:2
# block0:
#     # line 3
#     $0.1 = global len
#     $0.2 = call($0.1, xs)
#     del $0.1
#     $0.5 = const 0
#     $0.6 = const 1
#     $0.4 = range_iter($0.5, $0.2, $0.6)
#     del $0.5
#     del $0.2
#     del $0.6
#     jump block21($0.4)
# block21($21.0):
#     $21.1 = iternext($21.0)
#     $21.2 = pair_first($21.1)
#     $21.3 = pair_second($21.1)
#     del $21.1
#     branch $21.3, block23($21.0, $21.2), block44($21.0)
# block23($23.0, $23.1):
#     i = $23.1
#     del $23.1
#     # line 4
#     $23.2 = getitem(xs, i)
#     $23.3 = $23.2 == v
#     del $23.2
#     $23.4 = bool($23.3)
#     del $23.3
#     branch $23.4, block39($23.0), block36($23.0)
# block36($36.0):
#     jump block21($36.0)
# block39($39.0):
#     # line 5
#     del $39.0
#     return i
# block44($44.0):
#     # line 6
#     del $44.0
#     $44.1 = const -1
#     return $44.1
