# test: ir
def between(x, lo, hi):
    return lo <= x < hi
# ---- expected (BLESS=1 regenerates) ----
# ---- IR between (compare_chained.py:2) ----
# function between(x, lo, hi) at compare_chained.py:2
# block0:
#     # line 3
#     $0.0 = lo <= x
#     del lo
#     $0.1 = bool($0.0)
#     branch $0.1, block13(x, $0.0), block19(x, $0.0)
# block13($13.0, $13.1):
#     del $13.1
#     $13.2 = $13.0 < hi
#     del $13.0
#     del hi
#     return $13.2
# block19($19.0, $19.1):
#     del $19.0
#     return $19.1
