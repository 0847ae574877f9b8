# test: cfg ir
def table(n, m):
    total = 0
    for i in range(n):
        for j in range(m):
            total += i * j
    return total
# ---- expected (BLESS=1 regenerates) ----
# ---- CFG table (nested_loops.py:2) ----
# CFG adjacency lists:
# {0: [14],
#  14: [16, 53],
#  16: [28],
#  28: [30, 49],
#  30: [28],
#  49: [14],
#  53: []}
# CFG dominators:
# {0: {0},
#  14: {0, 14},
#  16: {0, 14, 16},
#  28: {0, 14, 16, 28},
#  30: {0, 14, 16, 28, 30},
#  49: {0, 14, 16, 28, 49},
#  53: {0, 14, 53}}
# CFG post-dominators:
# {0: {0, 14, 53},
#  14: {14, 53},
#  16: {14, 16, 28, 49, 53},
#  28: {14, 28, 49, 53},
#  30: {14, 28, 30, 49, 53},
#  49: {14, 49, 53},
#  53: {53}}
# CFG back edges: [(30, 28), (49, 14)]
# CFG loops:
# {14: Loop(entries={0}, exits={53}, header=14, body={14, 16, 28, 30, 49}),
#  28: Loop(entries={16}, exits={49}, header=28, body={28, 30})}
# CFG node-to-loops:
# {0: [],
#  14: [14],
#  16: [14],
#  28: [14, 28],
#  30: [14, 28],
#  49: [14],
#  53: []}
# ---- IR table (nested_loops.py:2) ----
# REWRITING (range_loop) block0:
# block0:
#     # line 3
#     $0.0 = const 0
#     total = $0.0
#     # line 4
#     $0.1 = global range
#     $0.2 = call($0.1, n)
#     $0.3 = getiter($0.2)
#     jump block14($0.3)
#     ---- into ----
# block0:
#     # line 3
#     $0.0 = const 0
#     total = $0.0
#     # line 4
#     $0.4 = const 0
#     $0.5 = const 1
#     $0.3 = range_iter($0.4, n, $0.5)
#     jump block14($0.3)
# REWRITING (range_loop) block16:
# block16($16.0, $16.1):
#     # line 4
#     i = $16.1
#     # line 5
#     $16.2 = global range
#     $16.3 = call($16.2, m)
#     $16.4 = getiter($16.3)
#     jump block28($16.0, $16.4)
#     ---- into ----
# block16($16.0, $16.1):
#     # line 4
#     i = $16.1
#     # line 5
#     $16.5 = const 0
#     $16.6 = const 1
#     $16.4 = range_iter($16.5, m, $16.6)
#     jump block28($16.0, $16.4)
# function table(n, m) at nested_loops.py:2
# block0:
#     # line 3
#     $0.0 = const 0
#     total = $0.0
#     del $0.0
#     # line 4
#     $0.4 = const 0
#     $0.5 = const 1
#     $0.3 = range_iter($0.4, n, $0.5)
#     del $0.4
#     del n
#     del $0.5
#     jump block14($0.3)
# block14($14.0):
#     $14.1 = iternext($14.0)
#     $14.2 = pair_first($14.1)
#     $14.3 = pair_second($14.1)
#     del $14.1
#     branch $14.3, block16($14.0, $14.2), block53($14.0)
# block16($16.0, $16.1):
#     i = $16.1
#     del $16.1
#     # line 5
#     $16.5 = const 0
#     $16.6 = const 1
#     $16.4 = range_iter($16.5, m, $16.6)
#     del $16.5
#     del $16.6
#     jump block28($16.0, $16.4)
# block28($28.0, $28.1):
#     $28.2 = iternext($28.1)
#     $28.3 = pair_first($28.2)
#     $28.4 = pair_second($28.2)
#     del $28.2
#     branch $28.4, block30($28.0, $28.1, $28.3), block49($28.0, $28.1)
# block30($30.0, $30.1, $30.2):
#     j = $30.2
#     del $30.2
#     # line 6
#     $30.3 = i * j
#     del j
#     $30.4 = total += $30.3
#     del total
#     del $30.3
#     total = $30.4
#     del $30.4
#     jump block28($30.0, $30.1)
# block49($49.0, $49.1):
#     # line 5
#     del $49.1
#     jump block14($49.0)
# block53($53.0):
#     # line 7
#     del $53.0
#     return total
