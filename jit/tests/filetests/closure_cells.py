# test: bytecode ir
def counter(start):
    count = start
    def inc(step=1):
        nonlocal count
        count += step
        return count
    return inc
# ---- expected (BLESS=1 regenerates) ----
# ---- bytecode counter (closure_cells.py:2) ----
#     2     0 MAKE_CELL                   2 (count)
#           1 RESUME                      0
#     3     2 LOAD_FAST_BORROW            0 (start)
#           3 STORE_DEREF                 2 (count)
#     4     4 LOAD_CONST                  2 ((1,))
#           5 LOAD_FAST_BORROW            2 (count)
#           6 BUILD_TUPLE                 1
#           7 LOAD_CONST                  1 (<code counter.<locals>.inc>)
#           8 MAKE_FUNCTION               
#           9 SET_FUNCTION_ATTRIBUTE      8
#          10 SET_FUNCTION_ATTRIBUTE      1
#          11 STORE_FAST                  1 (inc)
#     8    12 LOAD_FAST_BORROW            1 (inc)
#          13 RETURN_VALUE                
# ---- IR counter (closure_cells.py:2) ----
# function counter(start) cells=count at closure_cells.py:2
# block0:
#     # line 2
#     make_cell(name=count)
#     # line 3
#     store_deref(start, name=count)
#     del start
#     # line 4
#     $0.0 = const (1,)
#     $0.1 = build_tuple(count)
#     $0.2 = const <code counter.<locals>.inc>
#     $0.3 = make_function($0.2, defaults=$0.0, closure=$0.1)
#     del $0.2
#     del $0.0
#     del $0.1
#     inc = $0.3
#     del $0.3
#     # line 8
#     return inc
# ---- bytecode counter.<locals>.inc (closure_cells.py:4) ----
#     4     0 COPY_FREE_VARS              1
#           1 RESUME                      0
#     6     2 LOAD_DEREF                  1 (count)
#           3 LOAD_FAST_BORROW            0 (step)
#           4 BINARY_OP                   13 (+=)
#          10 STORE_DEREF                 1 (count)
#     7    11 LOAD_DEREF                  1 (count)
#          12 RETURN_VALUE                
# ---- IR counter.<locals>.inc (closure_cells.py:4) ----
# function counter.<locals>.inc(step) cells=count at closure_cells.py:4
# block0:
#     # line 6
#     $0.0 = deref count
#     $0.1 = $0.0 += step
#     del $0.0
#     del step
#     store_deref($0.1, name=count)
#     del $0.1
#     # line 7
#     $0.2 = deref count
#     return $0.2
