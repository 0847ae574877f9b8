# test: cfg ir
def sum_squares(n):
    total = 0
    for i in range(n):
        total += i * i % 7
    return total
# ---- expected (BLESS=1 regenerates) ----
# ---- CFG sum_squares (sum_squares.py:2) ----
# CFG adjacency lists:
# {0: [14],
#  14: [16, 42],
#  16: [14],
#  42: []}
# CFG dominators:
# {0: {0},
#  14: {0, 14},
#  16: {0, 14, 16},
#  42: {0, 14, 42}}
# CFG post-dominators:
# {0: {0, 14, 42},
#  14: {14, 42},
#  16: {14, 16, 42},
#  42: {42}}
# CFG back edges: [(16, 14)]
# CFG loops:
# {14: Loop(entries={0}, exits={42}, header=14, body={14, 16})}
# CFG node-to-loops:
# {0: [],
#  14: [14],
#  16: [14],
#  42: []}
# ---- IR sum_squares (sum_squares.py:2) ----
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
# function sum_squares(n) at sum_squares.py:2
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
#     branch $14.3, block16($14.0, $14.2), block42($14.0)
# block16($16.0, $16.1):
#     i = $16.1
#     del $16.1
#     # line 5
#     $16.2 = i * i
#     del i
#     $16.3 = const 7
#     $16.4 = $16.2 % $16.3
#     del $16.2
#     del $16.3
#     $16.5 = total += $16.4
#     del total
#     del $16.4
#     total = $16.5
#     del $16.5
#     jump block14($16.0)
# block42($42.0):
#     # line 6
#     del $42.0
#     return total
