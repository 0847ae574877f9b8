# test: cfg ir
def countdown(n):
    while n > 0:
        yield n
        n -= 1
# ---- expected (BLESS=1 regenerates) ----
# ---- CFG countdown (generator_yield.py:2) ----
# CFG adjacency lists:
# {0: [2],
#  2: [3],
#  3: [9, 25],
#  9: [3],
#  25: [],
#  27: []}
# CFG exception edges:
# {2: 27,
#  3: 27,
#  9: 27,
#  25: 27}
# CFG dominators:
# {0: {0},
#  2: {0, 2},
#  3: {0, 2, 3},
#  9: {0, 2, 3, 9},
#  25: {0, 2, 3, 25},
#  27: {0, 2, 27}}
# CFG post-dominators:
# {0: {0, 2},
#  2: {2},
#  3: {3},
#  9: {9},
#  25: {25},
#  27: {27}}
# CFG back edges: [(9, 3)]
# CFG loops:
# {3: Loop(entries={2}, exits={25}, header=3, body={3, 9})}
# CFG node-to-loops:
# {0: [],
#  2: [],
#  3: [3],
#  9: [3],
#  25: [],
#  27: []}
# ---- IR countdown (generator_yield.py:2) ----
# function countdown(n) generator at generator_yield.py:2
# block0:
#     # line 2
#     jump block2
# block2 [unwind block27]:
#     jump block3
# block3 [unwind block27]:
#     # line 3
#     $3.0 = const 0
#     $3.1 = n > $3.0
#     del $3.0
#     $3.2 = bool($3.1)
#     del $3.1
#     branch $3.2, block9, block25
# block9 [unwind block27]:
#     # line 4
#     $9.0 = yield(n)
#     del $9.0
#     # line 5
#     $9.1 = const 1
#     $9.2 = n -= $9.1
#     del n
#     del $9.1
#     n = $9.2
#     del $9.2
#     jump block3
# block25 [unwind block27]:
#     # line 3
#     $25.0 = const None
#     return $25.0
# block27 [catch $27.0, $27.1]:
#     del $27.0
#     $27.2 = intrinsic($27.1, name=INTRINSIC_STOPITERATION_ERROR)
#     del $27.1
#     reraise $27.2
