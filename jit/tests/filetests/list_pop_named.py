# test: ir
def drain(n):
    stack = []
    other = []
    for i in range(n):
        stack.append(i)
        other.append(i)
    total = 0
    while stack:
        total += stack.pop()
    other.pop(0)
    return total
# ---- expected (BLESS=1 regenerates) ----
# ---- IR drain (list_pop_named.py:2) ----
# REWRITING (range_loop) block0:
# block0:
#     # line 3
#     $0.0 = build_list()
#     stack = $0.0
#     # line 4
#     $0.1 = build_list()
#     other = $0.1
#     # line 5
#     $0.2 = global range
#     $0.3 = call($0.2, n)
#     $0.4 = getiter($0.3)
#     jump block16($0.4)
#     ---- into ----
# block0:
#     # line 3
#     $0.0 = build_list()
#     stack = $0.0
#     # line 4
#     $0.1 = build_list()
#     other = $0.1
#     # line 5
#     $0.5 = const 0
#     $0.6 = const 1
#     $0.4 = range_iter($0.5, n, $0.6)
#     jump block16($0.4)
# REWRITING (list_append) block18:
# block18($18.0, $18.1):
#     # line 5
#     i = $18.1
#     # line 6
#     $18.2 = getattr(stack, attr=append)
#     $18.3 = call($18.2, i)
#     # line 7
#     $18.4 = getattr(other, attr=append)
#     $18.5 = call($18.4, i)
#     jump block16($18.0)
#     ---- into ----
# block18($18.0, $18.1):
#     # line 5
#     i = $18.1
#     # line 6
#     discard list_append(stack, i)
#     # line 7
#     $18.4 = getattr(other, attr=append)
#     $18.5 = call($18.4, i)
#     jump block16($18.0)
# REWRITING (list_append) block66:
# block66:
#     # line 10
#     $66.0 = getattr(stack, attr=pop)
#     $66.1 = call($66.0)
#     $66.2 = total += $66.1
#     total = $66.2
#     jump block59
#     ---- into ----
# block66:
#     # line 10
#     $66.1 = list_pop(stack)
#     $66.2 = total += $66.1
#     total = $66.2
#     jump block59
# function drain(n) at list_pop_named.py:2
# block0:
#     # line 3
#     $0.0 = build_list()
#     stack = $0.0
#     del $0.0
#     # line 4
#     $0.1 = build_list()
#     other = $0.1
#     del $0.1
#     # line 5
#     $0.5 = const 0
#     $0.6 = const 1
#     $0.4 = range_iter($0.5, n, $0.6)
#     del $0.5
#     del n
#     del $0.6
#     jump block16($0.4)
# block16($16.0):
#     $16.1 = iternext($16.0)
#     $16.2 = pair_first($16.1)
#     $16.3 = pair_second($16.1)
#     del $16.1
#     branch $16.3, block18($16.0, $16.2), block56($16.0)
# block18($18.0, $18.1):
#     i = $18.1
#     del $18.1
#     # line 6
#     discard list_append(stack, i)
#     # line 7
#     $18.4 = getattr(other, attr=append)
#     $18.5 = call($18.4, i)
#     del $18.4
#     del i
#     del $18.5
#     jump block16($18.0)
# block56($56.0):
#     # line 8
#     del $56.0
#     $56.1 = const 0
#     total = $56.1
#     del $56.1
#     jump block59
# block59:
#     # line 9
#     $59.0 = bool(stack)
#     branch $59.0, block66, block91
# block66:
#     # line 10
#     $66.1 = list_pop(stack)
#     $66.2 = total += $66.1
#     del total
#     del $66.1
#     total = $66.2
#     del $66.2
#     jump block59
# block91:
#     # line 11
#     $91.0 = getattr(other, attr=pop)
#     del other
#     $91.1 = const 0
#     $91.2 = call($91.0, $91.1)
#     del $91.0
#     del $91.1
#     del $91.2
#     # line 12
#     return total
