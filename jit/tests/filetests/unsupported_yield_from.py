# test: ir
def chain(a, b):
    yield from a
    yield from b
# ---- expected (BLESS=1 regenerates) ----
# ---- IR chain (unsupported_yield_from.py:2) ----
# not translated: unsupported: GET_YIELD_FROM_ITER at line 3
