# test: ir
def squares(n):
    evens = [i * i for i in range(n) if i % 2 == 0]
    return {k: v for k, v in zip(evens, evens)}
# ---- expected (BLESS=1 regenerates) ----
# ---- IR squares (comprehensions.py:2) ----
# REWRITING (range_loop) block0:
# block0:
#     # line 3
#     $0.0 = global range
#     $0.1 = call($0.0, n)
#     $0.2 = getiter($0.1)
#     $0.3 = saved_local(i)
#     del i
#     jump block14($0.3, $0.2)
#     ---- into ----
# block0:
#     # line 3
#     $0.4 = const 0
#     $0.5 = const 1
#     $0.2 = range_iter($0.4, n, $0.5)
#     $0.3 = saved_local(i)
#     del i
#     jump block14($0.3, $0.2)
# REWRITING (comprehension_cleanup) block14:
# block14($14.0, $14.1) [unwind block79($14.0, $14.1)]:
#     # line 3
#     $14.2 = build_list()
#     jump block16($14.0, $14.2, $14.1)
#     ---- into ----
# block14($14.0, $14.1):
#     # line 3
#     $14.2 = build_list()
#     jump block16($14.0, $14.2, $14.1)
# REWRITING (comprehension_cleanup) block16:
# block16($16.0, $16.1, $16.2) [unwind block79($16.0, $16.1)]:
#     # line 3
#     $16.3 = iternext($16.2)
#     $16.4 = pair_first($16.3)
#     $16.5 = pair_second($16.3)
#     branch $16.5, block18($16.0, $16.1, $16.2, $16.4), block45($16.0, $16.1, $16.2)
#     ---- into ----
# block16($16.0, $16.1, $16.2):
#     # line 3
#     $16.3 = iternext($16.2)
#     $16.4 = pair_first($16.3)
#     $16.5 = pair_second($16.3)
#     branch $16.5, block18($16.0, $16.1, $16.2, $16.4), block45($16.0, $16.1, $16.2)
# REWRITING (comprehension_cleanup) block18:
# block18($18.0, $18.1, $18.2, $18.3) [unwind block79($18.0, $18.1)]:
#     # line 3
#     i = $18.3
#     $18.4 = const 2
#     $18.5 = i % $18.4
#     $18.6 = const 0
#     $18.7 = $18.5 == $18.6
#     $18.8 = bool($18.7)
#     jump block29($18.0, $18.1, $18.2, $18.8)
#     ---- into ----
# block18($18.0, $18.1, $18.2, $18.3):
#     # line 3
#     i = $18.3
#     $18.4 = const 2
#     $18.5 = i % $18.4
#     $18.6 = const 0
#     $18.7 = $18.5 == $18.6
#     $18.8 = bool($18.7)
#     jump block29($18.0, $18.1, $18.2, $18.8)
# REWRITING (comprehension_cleanup) block34:
# block34($34.0, $34.1, $34.2) [unwind block79($34.0, $34.1)]:
#     # line 3
#     $34.3 = i * i
#     discard list_append($34.1, $34.3)
#     jump block16($34.0, $34.1, $34.2)
#     ---- into ----
# block34($34.0, $34.1, $34.2):
#     # line 3
#     $34.3 = i * i
#     discard list_append($34.1, $34.3)
#     jump block16($34.0, $34.1, $34.2)
# REWRITING (comprehension_cleanup) block45:
# block45($45.0, $45.1, $45.2) [unwind block79($45.0, $45.1)]:
#     # line 3
#     jump block46($45.0, $45.1)
#     ---- into ----
# block45($45.0, $45.1, $45.2):
#     # line 3
#     jump block46($45.0, $45.1)
# REWRITING (comprehension_cleanup) block62:
# block62($62.0, $62.1, $62.2) [unwind block84($62.0, $62.1, $62.2)]:
#     # line 4
#     $62.3 = build_map()
#     jump block64($62.0, $62.1, $62.3, $62.2)
#     ---- into ----
# block62($62.0, $62.1, $62.2):
#     # line 4
#     $62.3 = build_map()
#     jump block64($62.0, $62.1, $62.3, $62.2)
# REWRITING (comprehension_cleanup) block64:
# block64($64.0, $64.1, $64.2, $64.3) [unwind block84($64.0, $64.1, $64.2)]:
#     # line 4
#     $64.4 = iternext($64.3)
#     $64.5 = pair_first($64.4)
#     $64.6 = pair_second($64.4)
#     branch $64.6, block66($64.0, $64.1, $64.2, $64.3, $64.5), block74($64.0, $64.1, $64.2, $64.3)
#     ---- into ----
# block64($64.0, $64.1, $64.2, $64.3):
#     # line 4
#     $64.4 = iternext($64.3)
#     $64.5 = pair_first($64.4)
#     $64.6 = pair_second($64.4)
#     branch $64.6, block66($64.0, $64.1, $64.2, $64.3, $64.5), block74($64.0, $64.1, $64.2, $64.3)
# REWRITING (comprehension_cleanup) block66:
# block66($66.0, $66.1, $66.2, $66.3, $66.4) [unwind block84($66.0, $66.1, $66.2)]:
#     # line 4
#     $66.5 = exhaust_iter($66.4, count=2)
#     $66.6 = static_getitem($66.5, index=1)
#     $66.7 = static_getitem($66.5, index=0)
#     k = $66.7
#     v = $66.6
#     discard map_add($66.2, k, v)
#     jump block64($66.0, $66.1, $66.2, $66.3)
#     ---- into ----
# block66($66.0, $66.1, $66.2, $66.3, $66.4):
#     # line 4
#     $66.5 = exhaust_iter($66.4, count=2)
#     $66.6 = static_getitem($66.5, index=1)
#     $66.7 = static_getitem($66.5, index=0)
#     k = $66.7
#     v = $66.6
#     discard map_add($66.2, k, v)
#     jump block64($66.0, $66.1, $66.2, $66.3)
# REWRITING (comprehension_cleanup) block74:
# block74($74.0, $74.1, $74.2, $74.3) [unwind block84($74.0, $74.1, $74.2)]:
#     # line 4
#     jump block75($74.0, $74.1, $74.2)
#     ---- into ----
# block74($74.0, $74.1, $74.2, $74.3):
#     # line 4
#     jump block75($74.0, $74.1, $74.2)
# function squares(n) at comprehensions.py:2
# block0:
#     # line 3
#     $0.4 = const 0
#     $0.5 = const 1
#     $0.2 = range_iter($0.4, n, $0.5)
#     del $0.4
#     del n
#     del $0.5
#     $0.3 = saved_local(i)
#     del i
#     del i
#     jump block14($0.3, $0.2)
# block14($14.0, $14.1):
#     $14.2 = build_list()
#     jump block16($14.0, $14.2, $14.1)
# block16($16.0, $16.1, $16.2):
#     $16.3 = iternext($16.2)
#     $16.4 = pair_first($16.3)
#     $16.5 = pair_second($16.3)
#     del $16.3
#     branch $16.5, block18($16.0, $16.1, $16.2, $16.4), block45($16.0, $16.1, $16.2)
# block18($18.0, $18.1, $18.2, $18.3):
#     i = $18.3
#     del $18.3
#     $18.4 = const 2
#     $18.5 = i % $18.4
#     del $18.4
#     $18.6 = const 0
#     $18.7 = $18.5 == $18.6
#     del $18.5
#     del $18.6
#     $18.8 = bool($18.7)
#     del $18.7
#     jump block29($18.0, $18.1, $18.2, $18.8)
# block29($29.0, $29.1, $29.2, $29.3):
#     branch $29.3, block34($29.0, $29.1, $29.2), block31($29.0, $29.1, $29.2)
# block31($31.0, $31.1, $31.2):
#     jump block16($31.0, $31.1, $31.2)
# block34($34.0, $34.1, $34.2):
#     $34.3 = i * i
#     del i
#     discard list_append($34.1, $34.3)
#     del $34.3
#     jump block16($34.0, $34.1, $34.2)
# block45($45.0, $45.1, $45.2):
#     del $45.2
#     jump block46($45.0, $45.1)
# block46($46.0, $46.1):
#     evens = $46.1
#     del $46.1
#     i = $46.0
#     del $46.0
#     del i
#     # line 4
#     $46.2 = global zip
#     $46.3 = call($46.2, evens, evens)
#     del $46.2
#     del evens
#     $46.4 = getiter($46.3)
#     del $46.3
#     $46.5 = saved_local(k)
#     del k
#     del k
#     $46.6 = saved_local(v)
#     del v
#     del v
#     jump block62($46.6, $46.5, $46.4)
# block62($62.0, $62.1, $62.2):
#     $62.3 = build_map()
#     jump block64($62.0, $62.1, $62.3, $62.2)
# block64($64.0, $64.1, $64.2, $64.3):
#     $64.4 = iternext($64.3)
#     $64.5 = pair_first($64.4)
#     $64.6 = pair_second($64.4)
#     del $64.4
#     branch $64.6, block66($64.0, $64.1, $64.2, $64.3, $64.5), block74($64.0, $64.1, $64.2, $64.3)
# block66($66.0, $66.1, $66.2, $66.3, $66.4):
#     $66.5 = exhaust_iter($66.4, count=2)
#     del $66.4
#     $66.6 = static_getitem($66.5, index=1)
#     $66.7 = static_getitem($66.5, index=0)
#     del $66.5
#     k = $66.7
#     del $66.7
#     v = $66.6
#     del $66.6
#     discard map_add($66.2, k, v)
#     del k
#     del v
#     jump block64($66.0, $66.1, $66.2, $66.3)
# block74($74.0, $74.1, $74.2, $74.3):
#     del $74.3
#     jump block75($74.0, $74.1, $74.2)
# block75($75.0, $75.1, $75.2):
#     v = $75.0
#     del $75.0
#     del v
#     k = $75.1
#     del $75.1
#     del k
#     return $75.2
