# JIT bug: configs 3 (THRESHOLD=0), 4 (SYNC+THRESHOLD=1) and 5 (default) differ;
# python3 and --no-jit agree. Same root cause as 01/02 (float re-boxing), return-value path.
# A NaN float object that a compiled function reads from a list and returns (max(xs), or
# the loop variable) comes back as a freshly boxed float, not the list's object, so
# identity-first membership/equality of containers gives different printed answers.
# Expected (python3, --no-jit):  True True True True
# pynum THRESHOLD=0 and SYNC+THRESHOLD=1: False False False False
# pynum default policy:                    False True False True
nan = float('nan')
def top(xs):
    return max(xs)
def first(xs):
    t = 0.0
    for x in xs:
        t = x
        break
    return t
xs = [nan] + [1.0] * 5999
for _ in range(3000):
    m = top(xs)
    f = first(xs)
print(m in xs, f in xs, [m] == xs[:1], [f] == xs[:1])
