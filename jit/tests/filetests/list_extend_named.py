# test: ir
def joined(rows):
    out = []
    for r in rows:
        part = []
        part.append(r)
        out.extend(part)
    out.extend(out)
    return out
# ---- expected (BLESS=1 regenerates) ----
# ---- IR joined (list_extend_named.py:2) ----
# REWRITING (list_append) block7:
# block7($7.0, $7.1):
#     # line 4
#     r = $7.1
#     # line 5
#     $7.2 = build_list()
#     part = $7.2
#     # line 6
#     $7.3 = getattr(part, attr=append)
#     $7.4 = call($7.3, r)
#     # line 7
#     $7.5 = getattr(out, attr=extend)
#     $7.6 = call($7.5, part)
#     jump block5($7.0)
#     ---- into ----
# block7($7.0, $7.1):
#     # line 4
#     r = $7.1
#     # line 5
#     $7.2 = build_list()
#     part = $7.2
#     # line 6
#     discard list_append(part, r)
#     # line 7
#     $7.5 = getattr(out, attr=extend)
#     $7.6 = call($7.5, part)
#     jump block5($7.0)
# function joined(rows) at list_extend_named.py:2
# block0:
#     # line 3
#     $0.0 = build_list()
#     out = $0.0
#     del $0.0
#     # line 4
#     $0.1 = getiter(rows)
#     del rows
#     jump block5($0.1)
# block5($5.0):
#     $5.1 = iternext($5.0)
#     $5.2 = pair_first($5.1)
#     $5.3 = pair_second($5.1)
#     del $5.1
#     branch $5.3, block7($5.0, $5.2), block47($5.0)
# block7($7.0, $7.1):
#     r = $7.1
#     del $7.1
#     # line 5
#     $7.2 = build_list()
#     part = $7.2
#     del $7.2
#     # line 6
#     discard list_append(part, r)
#     del r
#     # line 7
#     $7.5 = getattr(out, attr=extend)
#     $7.6 = call($7.5, part)
#     del $7.5
#     del part
#     del $7.6
#     jump block5($7.0)
# block47($47.0):
#     # line 8
#     del $47.0
#     $47.1 = getattr(out, attr=extend)
#     $47.2 = call($47.1, out)
#     del $47.1
#     del $47.2
#     # line 9
#     return out
