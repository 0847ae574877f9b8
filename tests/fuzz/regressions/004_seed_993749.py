# Differential fuzzing reproducer: tests/fuzz/gen.py seed 993749, shrunk by tests/fuzz/run.py
# JIT bug: pynum differs from CPython under tier2sync
# key: JIT bug [tier2sync] rec # | rec # after swapped tier 2
# standalone: cpython ("rec 0\nrec 1\nAcc NameError: name 'Acc' is not defined\n", '', 0)
#             tier2sync ("rec 0\nrec 0\nAcc NameError: name 'Acc' is not defined\n", '', 0)
def rec(n, x):
    if n <= 0:
        return x
    y = (x + max(True, False))
    return rec(n - 1, y) * n
for depth in range(2):
    try:
        print('rec', rec(depth, (0)))
    except Exception as e:
        print('rec', type(e).__name__ + ': ' + str(e))
try:
    print('Acc', Acc(0).run(0))
except Exception as e:
    print('Acc', type(e).__name__ + ': ' + str(e))
