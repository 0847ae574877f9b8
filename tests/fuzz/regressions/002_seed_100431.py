# Differential fuzzing reproducer: tests/fuzz/gen.py seed 100431, shrunk by tests/fuzz/run.py
# JIT bug: pynum differs from CPython under default, threshold0, threshold2 (fixed: a loop
# lifted inside another loop now hands back what its next run reads; tests/py/109 pins it)
# key: JIT bug [default,threshold0,threshold2] f# (#, #, #) | f# (#, #, #)
# standalone: cpython ('f1 (0, 0, nan)\nf1 (1, 0, -1)\n', '', 0)
#             default ('f1 (0, 0, nan)\nf1 (0, 0, -1)\n', '', 0)
def f0(p0, p1, p2):
            v0 += 0
def f1(p0, p1, p2):
    v1 = 1**0
    p2 = p1
    for i0 in range(2):
        i1 = 0
        while 1:
            i1 += 1
            if i1 > 1:
                break
            v0 = (0 + ((v1 * p2) > (-1)))
            if v0 > 0 or v0 < -0:
                v0 = v0 % 2
            v1 >>= 1
    return (v0, p0, p1,)
class Acc:
    def __init__(self, k):
                t = t % 0
    for args in [(0, (float('nan')), 0, ), (0, (-1), 0.0, )]:
        try:
            print('f1', f1(*args))
        except Exception as e:
            print('f1', type(e).__name__ + ': ' + str(e))
