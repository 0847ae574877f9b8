# test: bytecode cfg ir
# The example of Numba's architecture document: one back edge, one loop whose exits
# are the `break` block and the loop's normal exit.
def doloops(n):
    acc = 0
    for i in range(n):
        acc += 1
        if n == 10:
            break
    return acc
# ---- expected (BLESS=1 regenerates) ----
# ---- bytecode doloops (doloops.py:4) ----
#     4     0 RESUME                      0
#     5     1 LOAD_SMALL_INT              0
#           2 STORE_FAST                  1 (acc)
#     6     3 LOAD_GLOBAL                 1 (range + NULL)
#           8 LOAD_FAST_BORROW            0 (n)
#           9 CALL                        1
#          13 GET_ITER                    
#          14 FOR_ITER                    22 (to 38)
#          16 STORE_FAST                  2 (i)
#     7    17 LOAD_FAST_BORROW            1 (acc)
#          18 LOAD_SMALL_INT              1
#          19 BINARY_OP                   13 (+=)
#          25 STORE_FAST                  1 (acc)
#     8    26 LOAD_FAST_BORROW            0 (n)
#          27 LOAD_SMALL_INT              10
#          28 COMPARE_OP                  88
#          30 POP_JUMP_IF_TRUE            3 (to 35)
#          32 NOT_TAKEN                   
#          33 JUMP_BACKWARD               21 (to 14)
#     9    35 POP_TOP                     
#    10    36 LOAD_FAST_BORROW            1 (acc)
#          37 RETURN_VALUE                
#     6    38 END_FOR                     
#          39 POP_ITER                    
#    10    40 LOAD_FAST_BORROW            1 (acc)
#          41 RETURN_VALUE                
# ---- CFG doloops (doloops.py:4) ----
# CFG adjacency lists:
# {0: [14],
#  14: [16, 39],
#  16: [32, 35],
#  32: [14],
#  35: [],
#  39: []}
# CFG dominators:
# {0: {0},
#  14: {0, 14},
#  16: {0, 14, 16},
#  32: {0, 14, 16, 32},
#  35: {0, 14, 16, 35},
#  39: {0, 14, 39}}
# CFG post-dominators:
# {0: {0, 14},
#  14: {14},
#  16: {16},
#  32: {14, 32},
#  35: {35},
#  39: {39}}
# CFG back edges: [(32, 14)]
# CFG loops:
# {14: Loop(entries={0}, exits={35, 39}, header=14, body={14, 16, 32})}
# CFG node-to-loops:
# {0: [],
#  14: [14],
#  16: [14],
#  32: [14],
#  35: [],
#  39: []}
# ---- IR doloops (doloops.py:4) ----
# REWRITING (range_loop) block0:
# block0:
#     # line 5
#     $0.0 = const 0
#     acc = $0.0
#     # line 6
#     $0.1 = global range
#     $0.2 = call($0.1, n)
#     $0.3 = getiter($0.2)
#     jump block14($0.3)
#     ---- into ----
# block0:
#     # line 5
#     $0.0 = const 0
#     acc = $0.0
#     # line 6
#     $0.4 = const 0
#     $0.5 = const 1
#     $0.3 = range_iter($0.4, n, $0.5)
#     jump block14($0.3)
# function doloops(n) at doloops.py:4
# block0:
#     # line 5
#     $0.0 = const 0
#     acc = $0.0
#     del $0.0
#     # line 6
#     $0.4 = const 0
#     $0.5 = const 1
#     $0.3 = range_iter($0.4, n, $0.5)
#     del $0.4
#     del $0.5
#     jump block14($0.3)
# block14($14.0):
#     $14.1 = iternext($14.0)
#     $14.2 = pair_first($14.1)
#     $14.3 = pair_second($14.1)
#     del $14.1
#     branch $14.3, block16($14.0, $14.2), block39($14.0)
# block16($16.0, $16.1):
#     i = $16.1
#     del $16.1
#     del i
#     # line 7
#     $16.2 = const 1
#     $16.3 = acc += $16.2
#     del acc
#     del $16.2
#     acc = $16.3
#     del $16.3
#     # line 8
#     $16.4 = const 10
#     $16.5 = n == $16.4
#     del $16.4
#     $16.6 = bool($16.5)
#     del $16.5
#     branch $16.6, block35($16.0), block32($16.0)
# block32($32.0):
#     jump block14($32.0)
# block35($35.0):
#     # line 10
#     del $35.0
#     return acc
# block39($39.0):
#     del $39.0
#     return acc
