# test: ir
def consts():
    return (2 ** 100, 12345678901234567890, 1e300, -0.0, "tab\there", b"\x00\xff", None, ...)
# ---- expected (BLESS=1 regenerates) ----
# ---- IR consts (bigint_constants.py:2) ----
# function consts() at bigint_constants.py:2
# block0:
#     # line 3
#     $0.0 = const 2
#     $0.1 = const 100
#     $0.2 = $0.0 ** $0.1
#     del $0.0
#     del $0.1
#     $0.3 = const 12345678901234567890
#     $0.4 = const 1e300
#     $0.5 = const -0.0
#     $0.6 = const "tab\there"
#     $0.7 = const b"\x00\xff"
#     $0.8 = const None
#     $0.9 = const Ellipsis
#     $0.10 = build_tuple($0.2, $0.3, $0.4, $0.5, $0.6, $0.7, $0.8, $0.9)
#     del $0.2
#     del $0.3
#     del $0.4
#     del $0.5
#     del $0.6
#     del $0.7
#     del $0.8
#     del $0.9
#     return $0.10
