# test: ir
def make(k=3, *, scale=2.5):
    return lambda x, y=k: (x + y) * scale
# ---- expected (BLESS=1 regenerates) ----
# ---- IR make (lambda_defaults.py:2) ----
# function make(k, scale) cells=scale at lambda_defaults.py:2
# block0:
#     # line 2
#     make_cell(name=scale)
#     # line 3
#     $0.0 = build_tuple(k)
#     del k
#     $0.1 = build_tuple(scale)
#     $0.2 = const <code make.<locals>.<lambda>>
#     $0.3 = make_function($0.2, defaults=$0.0, closure=$0.1)
#     del $0.2
#     del $0.0
#     del $0.1
#     return $0.3
# ---- IR make.<locals>.<lambda> (lambda_defaults.py:3) ----
# function make.<locals>.<lambda>(x, y) cells=scale at lambda_defaults.py:3
# block0:
#     # line 3
#     $0.0 = x + y
#     del x
#     del y
#     $0.1 = deref scale
#     $0.2 = $0.0 * $0.1
#     del $0.0
#     del $0.1
#     return $0.2
