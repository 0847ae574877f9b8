# A loop lifted out of a function that cannot compile whole (here `p2` changes type) runs
# once per iteration of the loop around it: what it stores and reads again next time
# round (v1, shifted each pass) must come back from native code. Found by differential
# fuzzing (tests/fuzz/regressions/002_seed_100431.py); the previous binary printed 0.
def shifted(p1, p2):
    v1 = 1
    p2 = p1
    for i0 in range(2):
        i1 = 0
        while 1:
            i1 += 1
            if i1 > 1:
                break
            v0 = 0 + ((v1 * p2) > -1)
            v1 >>= 1
    return v0

def counted(n, label):
    label = n
    total = 0
    k = 0
    for outer in range(3):
        for inner in range(n):
            k += 1
            total += k * inner
    return total, k

def in_branch(n, x):
    x = n
    acc = 0
    step = 1
    for i in range(4):
        if i % 2 == 0:
            j = 0
            while j < n:
                acc += step
                step += 1
                j += 1
    return acc, step

for _ in range(4):
    print(shifted(-1, 0.0), counted(50, 'x'), in_branch(30, 'y'))
