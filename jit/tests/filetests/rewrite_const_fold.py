# test: ir
# rustpython's compiler already folds literal-only expressions (even 2 ** 64); what it
# leaves, like a division by zero, must stay for run time, and const_fold must agree.
def folded():
    a = 7 // -2 + 2 ** 10 - (-7 % 3)
    b = 1 / 4 * 2.0
    big = 2 ** 64
    z = 1 // 0
    return a, b, big, z
# ---- expected (BLESS=1 regenerates) ----
# ---- IR folded (rewrite_const_fold.py:4) ----
# function folded() at rewrite_const_fold.py:4
# block0:
#     # line 5
#     $0.0 = const 1018
#     a = $0.0
#     del $0.0
#     # line 6
#     $0.1 = const 0.5
#     b = $0.1
#     del $0.1
#     # line 7
#     $0.2 = const 18446744073709551616
#     big = $0.2
#     del $0.2
#     # line 8
#     $0.3 = const 1
#     $0.4 = const 0
#     $0.5 = $0.3 // $0.4
#     del $0.3
#     del $0.4
#     z = $0.5
#     del $0.5
#     # line 9
#     $0.6 = build_tuple(a, b, big, z)
#     del a
#     del b
#     del big
#     del z
#     return $0.6
