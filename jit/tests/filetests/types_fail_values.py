# test: types
# signature: int_then_str(int64)
# signature: uses_list(int64)
# signature: maybe_none(int64)
# signature: ok_after_failures(int64)

# Deliberate failure: `label` holds an int on one line and a str on another;
# the error must name `label` and both lines.
def int_then_str(n):
    label = n + 1
    if n > 0:
        label = "positive"
    return label


# Deliberate failure: an empty list that grows is not supported.
def uses_list(n):
    xs = []
    xs.append(n)
    return xs[0] + n


# Deliberate failure: returns an int on one path and None (falls off the end) on another.
def maybe_none(n):
    if n > 0:
        return n * 2


# Control: a supported function in the same file must still infer fine.
def ok_after_failures(n):
    return n * 2 + 1
# ---- expected (BLESS=1 regenerates) ----
# ---- types int_then_str(int64) ----
# cannot compile int_then_str: `label` is int64 at line 10 but str at line 12; a variable keeps one type in native code
#    10 |     label = n + 1
#       |     ^^^^^
#    12 |         label = "positive"
#       |         ^^^^^
# ---- types uses_list(int64) ----
# n: int64
# xs: reflected list(int64)
# return: int64
# ---- types maybe_none(int64) ----
# cannot compile maybe_none: returns int64 at line 26 but none at line 25
#    26 |         return n * 2
#       |         ^^^^^^
#    25 |     if n > 0:
#       |     ^^^^^^^^^
# ---- types ok_after_failures(int64) ----
# n: int64
# return: int64
