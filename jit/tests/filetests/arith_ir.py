# test: ir
def arith(a, b):
    c = a + b * 2 - a // 3
    d = -c ** 2 % 7
    e = (a << 2) | (b >> 1) & ~a ^ 5
    return c / d + e
# ---- expected (BLESS=1 regenerates) ----
# ---- IR arith (arith_ir.py:2) ----
# function arith(a, b) at arith_ir.py:2
# block0:
#     # line 3
#     $0.0 = const 2
#     $0.1 = b * $0.0
#     del $0.0
#     $0.2 = a + $0.1
#     del $0.1
#     $0.3 = const 3
#     $0.4 = a // $0.3
#     del $0.3
#     $0.5 = $0.2 - $0.4
#     del $0.2
#     del $0.4
#     c = $0.5
#     del $0.5
#     # line 4
#     $0.6 = const 2
#     $0.7 = c ** $0.6
#     del $0.6
#     $0.8 = neg($0.7)
#     del $0.7
#     $0.9 = const 7
#     $0.10 = $0.8 % $0.9
#     del $0.8
#     del $0.9
#     d = $0.10
#     del $0.10
#     # line 5
#     $0.11 = const 2
#     $0.12 = a << $0.11
#     del $0.11
#     $0.13 = const 1
#     $0.14 = b >> $0.13
#     del b
#     del $0.13
#     $0.15 = invert(a)
#     del a
#     $0.16 = $0.14 & $0.15
#     del $0.14
#     del $0.15
#     $0.17 = const 5
#     $0.18 = $0.16 ^ $0.17
#     del $0.16
#     del $0.17
#     $0.19 = $0.12 | $0.18
#     del $0.12
#     del $0.18
#     e = $0.19
#     del $0.19
#     # line 6
#     $0.20 = c / d
#     del c
#     del d
#     $0.21 = $0.20 + e
#     del $0.20
#     del e
#     return $0.21
