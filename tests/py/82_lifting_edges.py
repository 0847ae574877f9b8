# Lifting edge cases: a loop variable read after a loop that may not run, while/for
# with else, continue and break, list stores with break, nested loops with inner
# else, negative steps with floor semantics, a variable that changes type.
def a(n):
    d = {}
    for i in range(n):
        pass
    d[0] = i
    return d
def b(n):
    s = "s"
    x = 5
    while x > n:
        x -= 1
    else:
        x += 100
    return s, x
def c(n):
    s = "s"
    t = 0
    for i in range(n):
        if i == 3:
            continue
        t += i
    else:
        t = -t
    return s, t
def d(xs):
    s = "d"
    for i in range(len(xs)):
        xs[i] = xs[i] * 2
        if xs[i] > 10:
            break
    return s, xs
def e(n):
    s = "e"
    k = 0
    for i in range(n):
        for j in range(i):
            if j > 2:
                break
            k += j
        else:
            k += 1000
    return s, k
def g(n):
    s = "g"
    total = 0
    for i in range(n, 0, -2):
        total += i // 3 - i % -4
    return s, total
def h(x):
    s = "h"
    for i in range(3):
        x = x * 2.5
    return s, x
for f, args in ((a, (3,)), (a, (0,)), (b, (2,)), (b, (10,)), (c, (6,)), (d, ([1, 4, 7, 2],)), (e, (6,)), (g, (17,)), (h, (2,)), (h, (2.0,))):
    try:
        print(f.__name__, f(*args))
    except Exception as exc:
        print(f.__name__, type(exc).__name__)
