# test: ir
def grow(n):
    out = []
    kept = []
    alias = kept
    for i in range(n):
        out.append(i * 2)
        kept.append(i)
    return out
# ---- expected (BLESS=1 regenerates) ----
# ---- IR grow (list_append_named.py:2) ----
# REWRITING (range_loop) block0:
# block0:
#     # line 3
#     $0.0 = build_list()
#     out = $0.0
#     # line 4
#     $0.1 = build_list()
#     kept = $0.1
#     # line 5
#     alias = kept
#     # line 6
#     $0.2 = global range
#     $0.3 = call($0.2, n)
#     $0.4 = getiter($0.3)
#     jump block18($0.4)
#     ---- into ----
# block0:
#     # line 3
#     $0.0 = build_list()
#     out = $0.0
#     # line 4
#     $0.1 = build_list()
#     kept = $0.1
#     # line 5
#     alias = kept
#     # line 6
#     $0.5 = const 0
#     $0.6 = const 1
#     $0.4 = range_iter($0.5, n, $0.6)
#     jump block18($0.4)
# REWRITING (list_append) block20:
# block20($20.0, $20.1):
#     # line 6
#     i = $20.1
#     # line 7
#     $20.2 = getattr(out, attr=append)
#     $20.3 = const 2
#     $20.4 = i * $20.3
#     $20.5 = call($20.2, $20.4)
#     # line 8
#     $20.6 = getattr(kept, attr=append)
#     $20.7 = call($20.6, i)
#     jump block18($20.0)
#     ---- into ----
# block20($20.0, $20.1):
#     # line 6
#     i = $20.1
#     # line 7
#     $20.3 = const 2
#     $20.4 = i * $20.3
#     discard list_append(out, $20.4)
#     # line 8
#     $20.6 = getattr(kept, attr=append)
#     $20.7 = call($20.6, i)
#     jump block18($20.0)
# function grow(n) at list_append_named.py:2
# block0:
#     # line 3
#     $0.0 = build_list()
#     out = $0.0
#     del $0.0
#     # line 4
#     $0.1 = build_list()
#     kept = $0.1
#     del $0.1
#     # line 5
#     alias = kept
#     del alias
#     # line 6
#     $0.5 = const 0
#     $0.6 = const 1
#     $0.4 = range_iter($0.5, n, $0.6)
#     del $0.5
#     del n
#     del $0.6
#     jump block18($0.4)
# block18($18.0):
#     $18.1 = iternext($18.0)
#     $18.2 = pair_first($18.1)
#     $18.3 = pair_second($18.1)
#     del $18.1
#     branch $18.3, block20($18.0, $18.2), block65($18.0)
# block20($20.0, $20.1):
#     i = $20.1
#     del $20.1
#     # line 7
#     $20.3 = const 2
#     $20.4 = i * $20.3
#     del $20.3
#     discard list_append(out, $20.4)
#     del $20.4
#     # line 8
#     $20.6 = getattr(kept, attr=append)
#     $20.7 = call($20.6, i)
#     del $20.6
#     del i
#     del $20.7
#     jump block18($20.0)
# block65($65.0):
#     # line 9
#     del $65.0
#     return out
