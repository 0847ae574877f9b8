# JIT bug: configs 3 (THRESHOLD=0) and 5 (default policy) differ; python3, --no-jit and
# config 4 (SYNC+THRESHOLD=1, which happens not to compile this call) agree.
# A function that swaps items of the caller's list of floats in place (reversal) loses
# the identity of a NaN object on write-back: the moved NaN is re-boxed as a new float,
# so `nan in xs`, xs.count(nan), xs.index(nan) (identity-first comparisons) change.
# Same root cause as 01 (float re-boxing), but on the in-place write-back path of a list
# the caller passed in. README: "the item keeps its ... float object when native code left
# its value's bits as they were" -- here the slot's bits changed (1.0 -> nan), and the
# new object is not the one that was moved.
# Expected (python3, --no-jit):  True 1 5999 / True True / True True
# pynum THRESHOLD=0 / default:   False 0 -1 / False False / False False
nan = float('nan')
def rev(xs):
    n = len(xs)
    for i in range(n // 2):
        xs[i], xs[n - 1 - i] = xs[n - 1 - i], xs[i]
xs = [nan] + [1.0] * 5999
rev(xs)
print(nan in xs, xs.count(nan), xs.index(nan) if nan in xs else -1)
# Same on the write-back of an object's fields and of a dict's values
# (expected "True True" twice; pynum THRESHOLD=0 and default print "False False" twice):
class O:
    def __init__(self, a, b):
        self.a = a
        self.b = b
def sw(o, n):
    for i in range(n):
        o.a, o.b = o.b, o.a
    return o
o = sw(O(nan, 3.0), 6001)
print([o.b] == [nan], o.b is nan)
def dsw(d, n):
    for i in range(n):
        d[0], d[1] = d[1], d[0]
    return d
d = dsw({0: nan, 1: 1.0}, 6001)
print([d[1]] == [nan], nan in d.values())
