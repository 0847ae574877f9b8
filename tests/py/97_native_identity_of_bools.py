# Identity of True, False and None against values native code computes (bools from
# comparisons, None from a function without a return) follows CPython.
def count_identity(n):
    hits_true = 0
    hits_not_false = 0
    for i in range(n):
        b = i % 3 == 0
        if b is True:
            hits_true += 1
        if b is not False:
            hits_not_false += 1
    return hits_true, hits_not_false

def converge(limit):
    converged = False
    steps = 0
    x = 1.0
    while converged is False:
        x = x / 2
        steps += 1
        converged = x < limit
    return steps, converged is True, converged is not True

def mixed(n):
    # A bool is never the same object as an int or a float; None is only None.
    t = 0
    one = 1
    for i in range(n):
        b = i > 2
        if b is one:
            t += 1
        if b is None:
            t += 10
        if b is not None:
            t += 100
        if (i > 5) is (i > 6):
            t += 1000
        if b is b:
            t += 10000
    return t

for _ in range(20):
    r1 = count_identity(10)
    r2 = converge(1e-3)
    r3 = mixed(9)
print(r1, r2, r3)
print(count_identity(3000), converge(1e-300), mixed(2000))
