# frame.f_lineno as CPython gives it, in every place a program reads it: a trace
# function's events, the caller's frame, a suspended generator, a finished call's frame
# kept by a traceback, a frame read again after its code ran on, lines inside a
# multi-line expression, and code made by exec (automatic mode's transformed code must
# give every line the code as written gives).
import sys

def here():
    return sys._getframe(1).f_lineno

def long_function(n):
    total = 0
    for i in range(n):
        total += i
    a = here()
    b = (1 +
         here() +
         2)
    values = [here() for _ in range(2)]
    return total, a, b, values

print(long_function(5))

def gen():
    yield sys._getframe().f_lineno
    x = 1
    yield x
    yield 3

g = gen()
print(next(g), g.gi_frame.f_lineno)
next(g)
print(g.gi_frame.f_lineno)
next(g)
print(g.gi_frame.f_lineno)

def fails(k):
    y = k * 2
    if k > 1:
        raise ValueError(y)
    return y

try:
    fails(3)
except ValueError as e:
    tb = e.__traceback__
    while tb.tb_next:
        tb = tb.tb_next
    print('raised at', tb.tb_lineno, tb.tb_frame.f_lineno)

lines = []
def tracer(frame, event, arg):
    if frame.f_code.co_name == 'traced':
        lines.append((event, frame.f_lineno))
    return tracer

def traced(n):
    s = 0
    for i in range(n):
        if i % 2:
            s += i
        else:
            s -= 1
    return s

sys.settrace(tracer)
traced(6)
sys.settrace(None)
print(lines)

namespace = {}
exec("import sys\ndef made():\n    x = 1\n\n    return sys._getframe().f_lineno\n", namespace)
print(namespace['made']())
for k in range(300):
    code = compile("import sys\n" + "\n" * k + "line = sys._getframe().f_lineno\n", "<made>", "exec")
    scope = {}
    exec(code, scope)
    assert scope['line'] == k + 2, (k, scope['line'])
print('300 exec lines ok')
frame = sys._getframe()
first = frame.f_lineno
second = frame.f_lineno
print(second - first)
