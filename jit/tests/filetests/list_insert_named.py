# test: ir
def ordered(xs):
    out = []
    for x in xs:
        out.insert(0, x)
    out.insert(-1, x)
    return out


def with_escape(xs):
    kept = []
    for x in xs:
        kept.insert(0, x)
    kept.insert(0, kept)
    return kept
# ---- expected (BLESS=1 regenerates) ----
# ---- IR ordered (list_insert_named.py:2) ----
# REWRITING (list_append) block7:
# block7($7.0, $7.1):
#     # line 4
#     x = $7.1
#     # line 5
#     $7.2 = getattr(out, attr=insert)
#     $7.3 = const 0
#     $7.4 = call($7.2, $7.3, x)
#     jump block5($7.0)
#     ---- into ----
# block7($7.0, $7.1):
#     # line 4
#     x = $7.1
#     # line 5
#     $7.3 = const 0
#     discard list_insert(out, $7.3, x)
#     jump block5($7.0)
# REWRITING (list_append) block29:
# block29($29.0):
#     # line 6
#     $29.1 = getattr(out, attr=insert)
#     $29.2 = const -1
#     $29.3 = call($29.1, $29.2, x)
#     # line 7
#     return out
#     ---- into ----
# block29($29.0):
#     # line 6
#     $29.2 = const -1
#     discard list_insert(out, $29.2, x)
#     # line 7
#     return out
# function ordered(xs) at list_insert_named.py:2
# block0:
#     # line 3
#     $0.0 = build_list()
#     out = $0.0
#     del $0.0
#     # line 4
#     $0.1 = getiter(xs)
#     del xs
#     jump block5($0.1)
# block5($5.0):
#     $5.1 = iternext($5.0)
#     $5.2 = pair_first($5.1)
#     $5.3 = pair_second($5.1)
#     del $5.1
#     branch $5.3, block7($5.0, $5.2), block29($5.0)
# block7($7.0, $7.1):
#     x = $7.1
#     del $7.1
#     # line 5
#     $7.3 = const 0
#     discard list_insert(out, $7.3, x)
#     del $7.3
#     jump block5($7.0)
# block29($29.0):
#     # line 6
#     del $29.0
#     $29.2 = const -1
#     discard list_insert(out, $29.2, x)
#     del $29.2
#     del x
#     # line 7
#     return out
# ---- IR with_escape (list_insert_named.py:10) ----
# function with_escape(xs) at list_insert_named.py:10
# block0:
#     # line 11
#     $0.0 = build_list()
#     kept = $0.0
#     del $0.0
#     # line 12
#     $0.1 = getiter(xs)
#     del xs
#     jump block5($0.1)
# block5($5.0):
#     $5.1 = iternext($5.0)
#     $5.2 = pair_first($5.1)
#     $5.3 = pair_second($5.1)
#     del $5.1
#     branch $5.3, block7($5.0, $5.2), block29($5.0)
# block7($7.0, $7.1):
#     x = $7.1
#     del $7.1
#     # line 13
#     $7.2 = getattr(kept, attr=insert)
#     $7.3 = const 0
#     $7.4 = call($7.2, $7.3, x)
#     del $7.2
#     del $7.3
#     del x
#     del $7.4
#     jump block5($7.0)
# block29($29.0):
#     # line 14
#     del $29.0
#     $29.1 = getattr(kept, attr=insert)
#     $29.2 = const 0
#     $29.3 = call($29.1, $29.2, kept)
#     del $29.1
#     del $29.2
#     del $29.3
#     # line 15
#     return kept
