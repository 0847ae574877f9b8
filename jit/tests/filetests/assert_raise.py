# test: ir
def check(x):
    assert x > 0, "must be positive"
    if x > 100:
        raise ValueError("too big") from None
    return x
# ---- expected (BLESS=1 regenerates) ----
# ---- IR check (assert_raise.py:2) ----
# REWRITING (static_raise) block7:
# block7:
#     # line 3
#     $7.0 = global AssertionError
#     $7.1 = const "must be positive"
#     $7.2 = call($7.0, $7.1)
#     raise $7.2
#     ---- into ----
# block7:
#     # line 3
#     static_raise AssertionError, ("must be positive",)
# function check(x) at assert_raise.py:2
# block0:
#     # line 3
#     $0.0 = const 0
#     $0.1 = x > $0.0
#     del $0.0
#     $0.2 = bool($0.1)
#     del $0.1
#     branch $0.2, block15, block7
# block7:
#     static_raise AssertionError, ("must be positive",)
# block15:
#     # line 4
#     $15.0 = const 100
#     $15.1 = x > $15.0
#     del $15.0
#     $15.2 = bool($15.1)
#     del $15.1
#     branch $15.2, block21, block34
# block21:
#     # line 5
#     $21.0 = global ValueError
#     $21.1 = const "too big"
#     $21.2 = call($21.0, $21.1)
#     del $21.0
#     del $21.1
#     $21.3 = const None
#     raise $21.2 from $21.3
# block34:
#     # line 6
#     return x
