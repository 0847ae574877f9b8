# A call of a function under automatic mode's dispatcher, made while a trace or profile
# function watches the program, runs the function as written (automatic mode's copy has
# its loops lifted and longer code): the tracer's frames hold the function's own
# `__code__`, as in CPython, whether its loops are `while` loops, nested or plain `for`
# loops. Calls before and after the tracing run as usual, and the results are the same.
# (`maker`, which defines a function, has no dispatcher: it runs automatic mode's code,
# README's known difference, and the tracer does not compare its frames.)
import sys


def spin(n):
    i = 0
    t = 0
    while i < n:
        for j in range(3):
            t += i * j
        i += 1
    return t


def maker(n):
    def inner(k):
        return k + n
    s = 0
    for i in range(n):
        s += inner(i)
    return s


def counted(xs):
    total = 0
    for x in xs:
        total += x
    return total


seen = []


def tracer(frame, event, arg):
    if event == 'call' and frame.f_code.co_name in ('spin', 'counted'):
        fn = globals().get(frame.f_code.co_name)
        same = fn is not None and frame.f_code is fn.__code__
        seen.append((frame.f_code.co_name, same, frame.f_code.co_firstlineno))
    return None


before = [spin(50) + maker(20) + counted(list(range(30))) for _ in range(300)]
sys.settrace(tracer)
traced = [spin(50) + maker(20) + counted(list(range(30))) for _ in range(5)]
sys.settrace(None)
sys.setprofile(tracer)
profiled = spin(40) + maker(10)
sys.setprofile(None)
after = [spin(50) + maker(20) + counted(list(range(30))) for _ in range(300)]
print(before[-1], traced, profiled, after[-1])
print(sorted(set(seen)))
print(len(seen))
