# test: ir types
# signature: check(int64)
# A raise with constant arguments becomes static_raise, which native code can raise.
def check(n):
    if n < 0:
        raise ValueError("negative", n is None)
    if n > 100:
        raise OverflowError("too big")
    return n * 2
# ---- expected (BLESS=1 regenerates) ----
# ---- IR check (rewrite_static_raise.py:4) ----
# REWRITING (static_raise) block28:
# block28:
#     # line 8
#     $28.0 = global OverflowError
#     $28.1 = const "too big"
#     $28.2 = call($28.0, $28.1)
#     raise $28.2
#     ---- into ----
# block28:
#     # line 8
#     static_raise OverflowError, ("too big",)
# function check(n) at rewrite_static_raise.py:4
# block0:
#     # line 5
#     $0.0 = const 0
#     $0.1 = n < $0.0
#     del $0.0
#     $0.2 = bool($0.1)
#     del $0.1
#     branch $0.2, block7, block22
# block7:
#     # line 6
#     $7.0 = global ValueError
#     $7.1 = const "negative"
#     $7.2 = const None
#     $7.3 = n is $7.2
#     del n
#     del $7.2
#     $7.4 = call($7.0, $7.1, $7.3)
#     del $7.0
#     del $7.1
#     del $7.3
#     raise $7.4
# block22:
#     # line 7
#     $22.0 = const 100
#     $22.1 = n > $22.0
#     del $22.0
#     $22.2 = bool($22.1)
#     del $22.1
#     branch $22.2, block28, block40
# block28:
#     # line 8
#     static_raise OverflowError, ("too big",)
# block40:
#     # line 9
#     $40.0 = const 2
#     $40.1 = n * $40.0
#     del n
#     del $40.0
#     return $40.1
# ---- IR check (rewrite_static_raise.py:4) ----
# REWRITING (static_raise) block28:
# block28:
#     # line 8
#     $28.0 = global OverflowError
#     $28.1 = const "too big"
#     $28.2 = call($28.0, $28.1)
#     raise $28.2
#     ---- into ----
# block28:
#     # line 8
#     static_raise OverflowError, ("too big",)
# function check(n) at rewrite_static_raise.py:4
# block0:
#     # line 5
#     $0.0 = const 0
#     $0.1 = n < $0.0
#     del $0.0
#     $0.2 = bool($0.1)
#     del $0.1
#     branch $0.2, block7, block22
# block7:
#     # line 6
#     $7.0 = global ValueError
#     $7.1 = const "negative"
#     $7.2 = const None
#     $7.3 = n is $7.2
#     del n
#     del $7.2
#     $7.4 = call($7.0, $7.1, $7.3)
#     del $7.0
#     del $7.1
#     del $7.3
#     raise $7.4
# block22:
#     # line 7
#     $22.0 = const 100
#     $22.1 = n > $22.0
#     del $22.0
#     $22.2 = bool($22.1)
#     del $22.1
#     branch $22.2, block28, block40
# block28:
#     # line 8
#     static_raise OverflowError, ("too big",)
# block40:
#     # line 9
#     $40.0 = const 2
#     $40.1 = n * $40.0
#     del n
#     del $40.0
#     return $40.1
