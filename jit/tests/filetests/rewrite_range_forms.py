# test: ir
# The three forms of range() become one canonical range_iter(start, stop, step).
def ranges(a, b, s):
    t = 0
    for i in range(b):
        t += i
    for j in range(a, b):
        t += j
    for k in range(a, b, s):
        t += k
    return t
# ---- expected (BLESS=1 regenerates) ----
# ---- IR ranges (rewrite_range_forms.py:3) ----
# REWRITING (range_loop) block0:
# block0:
#     # line 4
#     $0.0 = const 0
#     t = $0.0
#     # line 5
#     $0.1 = global range
#     $0.2 = call($0.1, b)
#     $0.3 = getiter($0.2)
#     jump block14($0.3)
#     ---- into ----
# block0:
#     # line 4
#     $0.0 = const 0
#     t = $0.0
#     # line 5
#     $0.4 = const 0
#     $0.5 = const 1
#     $0.3 = range_iter($0.4, b, $0.5)
#     jump block14($0.3)
# REWRITING (range_loop) block28:
# block28($28.0):
#     # line 7
#     $28.1 = global range
#     $28.2 = call($28.1, a, b)
#     $28.3 = getiter($28.2)
#     jump block40($28.3)
#     ---- into ----
# block28($28.0):
#     # line 7
#     $28.4 = const 1
#     $28.3 = range_iter(a, b, $28.4)
#     jump block40($28.3)
# REWRITING (range_loop) block54:
# block54($54.0):
#     # line 9
#     $54.1 = global range
#     $54.2 = call($54.1, a, b, s)
#     $54.3 = getiter($54.2)
#     jump block67($54.3)
#     ---- into ----
# block54($54.0):
#     # line 9
#     $54.3 = range_iter(a, b, s)
#     jump block67($54.3)
# function ranges(a, b, s) at rewrite_range_forms.py:3
# block0:
#     # line 4
#     $0.0 = const 0
#     t = $0.0
#     del $0.0
#     # line 5
#     $0.4 = const 0
#     $0.5 = const 1
#     $0.3 = range_iter($0.4, b, $0.5)
#     del $0.4
#     del $0.5
#     jump block14($0.3)
# block14($14.0):
#     $14.1 = iternext($14.0)
#     $14.2 = pair_first($14.1)
#     $14.3 = pair_second($14.1)
#     del $14.1
#     branch $14.3, block16($14.0, $14.2), block28($14.0)
# block16($16.0, $16.1):
#     i = $16.1
#     del $16.1
#     # line 6
#     $16.2 = t += i
#     del t
#     del i
#     t = $16.2
#     del $16.2
#     jump block14($16.0)
# block28($28.0):
#     # line 7
#     del $28.0
#     $28.4 = const 1
#     $28.3 = range_iter(a, b, $28.4)
#     del $28.4
#     jump block40($28.3)
# block40($40.0):
#     $40.1 = iternext($40.0)
#     $40.2 = pair_first($40.1)
#     $40.3 = pair_second($40.1)
#     del $40.1
#     branch $40.3, block42($40.0, $40.2), block54($40.0)
# block42($42.0, $42.1):
#     j = $42.1
#     del $42.1
#     # line 8
#     $42.2 = t += j
#     del t
#     del j
#     t = $42.2
#     del $42.2
#     jump block40($42.0)
# block54($54.0):
#     # line 9
#     del $54.0
#     $54.3 = range_iter(a, b, s)
#     del a
#     del b
#     del s
#     jump block67($54.3)
# block67($67.0):
#     $67.1 = iternext($67.0)
#     $67.2 = pair_first($67.1)
#     $67.3 = pair_second($67.1)
#     del $67.1
#     branch $67.3, block69($67.0, $67.2), block81($67.0)
# block69($69.0, $69.1):
#     k = $69.1
#     del $69.1
#     # line 10
#     $69.2 = t += k
#     del t
#     del k
#     t = $69.2
#     del $69.2
#     jump block67($69.0)
# block81($81.0):
#     # line 11
#     del $81.0
#     return t
