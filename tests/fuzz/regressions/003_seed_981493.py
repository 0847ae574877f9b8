# Differential fuzzing reproducer: tests/fuzz/gen.py seed 981493, shrunk by tests/fuzz/run.py
# interpreter difference: pynum differs from CPython under no-jit, default, threshold0, threshold2, tier2sync
# key: interpreter difference [no-jit,default,threshold0,threshold2,tier2sync] f# TypeError: type complex doesn't define __trunc__ method | f# TypeError: type 'complex' doesn't define '__trunc__' method after none
# standalone: cpython ("f1 TypeError: __main__.f1() argument after * must be an iterable, not int\nf1 TypeError: type complex doesn't define __trunc__ method\nf1 TypeError: __main__.f1() argument after * must be an iterable, not int\nf1 TypeError: __main__.f1() argument after * must be an iterable, not int\nf1 TypeError: type complex doesn't define __trunc__ method\nf1 TypeError: __main__.f1() argument after * must be an iterable, not int\n", '', 0)
#             no-jit ("f1 TypeError: __main__.f1() argument after * must be an iterable, not int\nf1 TypeError: type 'complex' doesn't define '__trunc__' method\nf1 TypeError: __main__.f1() argument after * must be an iterable, not int\nf1 TypeError: __main__.f1() argument after * must be an iterable, not int\nf1 TypeError: type 'complex' doesn't define '__trunc__' method\nf1 TypeError: __main__.f1() argument after * must be an iterable, not int\n", '', 0)
import math
INF = float('inf')
def f0(p0, p1):
        while i1 < 0:
                continue
def f1(p0, p1):
    v0 = p0
    v2 = p1
    for i0 in range(0, 1, 1):
        if i0 == 1:
            v2 = -0
        i1 = 0
        while i1 < 1:
            v2 *= float(math.trunc((v2 ** 0.5)))
            if v2 > 4611686018427387904 or v2 < -4611686018427387904:
                v0 = v0 % 97
        try:
            print('f0', f0(*args))
        except Exception as e:
            print('f0', type(e).__name__ + ': ' + str(e))
for rep in range(2):
    for args in [(0), ((0), (-1.5), ), (0)]:
        try:
            print('f1', f1(*args))
        except Exception as e:
            print('f1', type(e).__name__ + ': ' + str(e))
def fmath(x, y):
        print('fmath', type(e).__name__ + ': ' + str(e))
