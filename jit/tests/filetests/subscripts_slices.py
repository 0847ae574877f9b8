# test: ir
def shuffle(xs, i):
    xs[i] = xs[-1]
    del xs[0]
    ys = xs[1:i]
    xs[:2] = ys
    return xs[::2]
# ---- expected (BLESS=1 regenerates) ----
# ---- IR shuffle (subscripts_slices.py:2) ----
# function shuffle(xs, i) at subscripts_slices.py:2
# block0:
#     # line 3
#     $0.0 = const -1
#     $0.1 = getitem(xs, $0.0)
#     del $0.0
#     setitem(xs, i, $0.1)
#     del $0.1
#     # line 4
#     $0.2 = const 0
#     delitem(xs, $0.2)
#     del $0.2
#     # line 5
#     $0.3 = const 1
#     $0.4 = getslice(xs, $0.3, i)
#     del $0.3
#     del i
#     ys = $0.4
#     del $0.4
#     # line 6
#     $0.5 = const slice(None, 2, None)
#     setitem(xs, $0.5, ys)
#     del $0.5
#     del ys
#     # line 7
#     $0.6 = const slice(None, None, 2)
#     $0.7 = getitem(xs, $0.6)
#     del xs
#     del $0.6
#     return $0.7
