# rustpython's adaptive interpreter specializes a `+=` site that met two ints (or two
# floats, or two strs) into its `+` instruction for them, and when other operands reach
# the site later it falls back to `+`, not `+=`: a list that reaches it is replaced by a
# new list instead of extended in place, and a TypeError names `+` where CPython names
# `+=`. The same with or without the JIT (README, "Known differences", interpreter
# differences). Found by an adversarial helper testing stop 42's list operations.
def accumulate(total, more):
    total += more
    return total


for i in range(100):
    accumulate(i, 2)
kept = [1]
grown = accumulate(kept, [2])
print(kept, grown, grown is kept)
try:
    accumulate(0, "a")
except TypeError as e:
    print(e)
