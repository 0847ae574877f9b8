# test: ir
def swap_and_split(pair, seq):
    a, b = pair
    a, b = b, a
    first, *rest = seq
    return a, b, first, rest
# ---- expected (BLESS=1 regenerates) ----
# ---- IR swap_and_split (unpacking.py:2) ----
# function swap_and_split(pair, seq) at unpacking.py:2
# block0:
#     # line 3
#     $0.0 = exhaust_iter(pair, count=2)
#     del pair
#     $0.1 = static_getitem($0.0, index=1)
#     $0.2 = static_getitem($0.0, index=0)
#     del $0.0
#     a = $0.2
#     del $0.2
#     b = $0.1
#     del $0.1
#     # line 4
#     $0.3 = b
#     del b
#     b = a
#     del a
#     a = $0.3
#     del $0.3
#     # line 5
#     $0.4 = unpack_ex(seq, before=1, after=0)
#     del seq
#     $0.5 = static_getitem($0.4, index=1)
#     $0.6 = static_getitem($0.4, index=0)
#     del $0.4
#     first = $0.6
#     del $0.6
#     rest = $0.5
#     del $0.5
#     # line 6
#     $0.7 = build_tuple(a, b, first, rest)
#     del a
#     del b
#     del first
#     del rest
#     return $0.7
