# test: ir
def show(name, value):
    return f"{name!r}: {value:>8.3f} ({value})"
# ---- expected (BLESS=1 regenerates) ----
# ---- IR show (fstrings.py:2) ----
# function show(name, value) at fstrings.py:2
# block0:
#     # line 3
#     $0.0 = intrinsic(name, name=repr)
#     del name
#     $0.1 = format($0.0)
#     del $0.0
#     $0.2 = const ": "
#     $0.3 = const ">8.3f"
#     $0.4 = format(value, spec=$0.3)
#     del $0.3
#     $0.5 = const " ("
#     $0.6 = format(value)
#     del value
#     $0.7 = const ")"
#     $0.8 = build_string($0.1, $0.2, $0.4, $0.5, $0.6, $0.7)
#     del $0.1
#     del $0.2
#     del $0.4
#     del $0.5
#     del $0.6
#     del $0.7
#     return $0.8
