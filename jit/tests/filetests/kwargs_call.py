# test: ir
def call(f, *args, **kwargs):
    return f(1, *args, key=2, **kwargs)
# ---- expected (BLESS=1 regenerates) ----
# ---- IR call (kwargs_call.py:2) ----
# function call(f, args, kwargs) at kwargs_call.py:2
# block0:
#     # line 3
#     $0.0 = const 1
#     $0.1 = build_list($0.0)
#     del $0.0
#     discard list_extend($0.1, args)
#     del args
#     $0.2 = intrinsic($0.1, name=INTRINSIC_LIST_TO_TUPLE)
#     del $0.1
#     $0.3 = const "key"
#     $0.4 = const 2
#     $0.5 = build_map($0.3, $0.4)
#     del $0.3
#     del $0.4
#     discard dict_merge($0.5, kwargs)
#     del kwargs
#     $0.6 = call_ex(f, $0.2, kwargs=$0.5)
#     del f
#     del $0.2
#     del $0.5
#     return $0.6
