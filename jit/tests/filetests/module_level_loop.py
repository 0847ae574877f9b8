# test: ir
# function: <module>
total = 0
n = 0
while n < 10:
    total += n
    n += 1
print(total)
# ---- expected (BLESS=1 regenerates) ----
# ---- IR <module> (module_level_loop.py:1) ----
# function <module>() at module_level_loop.py:1
# block0:
#     # line 3
#     $0.0 = const 0
#     store_name($0.0, name=total)
#     del $0.0
#     # line 4
#     $0.1 = const 0
#     store_name($0.1, name=n)
#     del $0.1
#     jump block5
# block5:
#     # line 5
#     $5.0 = load_name n
#     $5.1 = const 10
#     $5.2 = $5.0 < $5.1
#     del $5.0
#     del $5.1
#     $5.3 = bool($5.2)
#     del $5.2
#     branch $5.3, block11, block32
# block11:
#     # line 6
#     $11.0 = load_name total
#     $11.1 = load_name n
#     $11.2 = $11.0 += $11.1
#     del $11.0
#     del $11.1
#     store_name($11.2, name=total)
#     del $11.2
#     # line 7
#     $11.3 = load_name n
#     $11.4 = const 1
#     $11.5 = $11.3 += $11.4
#     del $11.3
#     del $11.4
#     store_name($11.5, name=n)
#     del $11.5
#     jump block5
# block32:
#     # line 8
#     $32.0 = load_name print
#     $32.1 = load_name total
#     $32.2 = call($32.0, $32.1)
#     del $32.0
#     del $32.1
#     del $32.2
#     $32.3 = const None
#     return $32.3
