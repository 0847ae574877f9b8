# Comparing tuples in a function automatic mode compiles: the lowering took the first
# machine value of each operand, and `()` has none (pynum-run exited 70, "index out of
# bounds"; found by the front-end property test). Such comparisons stay interpreted.
def empty(a):
    t = ()
    return t == t, t != (), a


def pairs(a, b):
    x = (a, b)
    y = (a, b + 1)
    return x == y, x != y, x == x


for i in range(3):
    print(empty(i), pairs(i, 2))
