# test: types
# signature: calls_print(int64)
# signature: counter_gen(int64)
# signature: calls_unknown(float64)
# signature: explicit_none(bool, int64)

# Deliberate failure: print(...) is not supported.
def calls_print(n):
    total = n * 3
    print(total)
    return total


# Deliberate failure: generators (yield) are not supported.
def counter_gen(n):
    i = 0
    while i < n:
        yield i
        i += 1


# Deliberate failure: calls a global that is not defined anywhere.
def calls_unknown(x):
    y = undefined_helper(x)
    return y + 1.0


# Deliberate failure: returns an int on one path and an explicit None on another.
def explicit_none(flag, n):
    if flag:
        return None
    return n
# ---- expected (BLESS=1 regenerates) ----
# ---- types calls_print(int64) ----
# cannot compile calls_print: print() does I/O, which stays in the interpreter (line 10)
#    10 |     print(total)
#       |     ^^^^^^^^^^^^
# ---- types counter_gen(int64) ----
# cannot compile counter_gen: generators stay in the interpreter (line 15)
#    15 | def counter_gen(n):
#       | ^^^^^^^^^^^^^^^^^^^
# ---- types calls_unknown(float64) ----
# cannot compile calls_unknown: `undefined_helper` is not a global pynum can compile against (line 24)
#    24 |     y = undefined_helper(x)
#       |     ^^^^^^^^^^^^^^^^^^^^^^^
# ---- types explicit_none(bool, int64) ----
# cannot compile explicit_none: returns none at line 31 but int64 at line 32
#    31 |         return None
#       |         ^^^^^^
#    32 |     return n
#       |     ^^^^^^
