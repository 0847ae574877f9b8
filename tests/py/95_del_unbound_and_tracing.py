# `del` of an unbound local raises in compiled functions too; a trace function sees the
# lines of functions that native code would otherwise run.
import sys


def f(c):
    if c:
        x = 1
    del x
    return 0


def g(n):
    t = 0
    for i in range(n):
        t += i
    del i
    return t


for k in range(100):
    f(1)
    g(5)
for call in (lambda: f(0), lambda: g(0)):
    try:
        print(call())
    except UnboundLocalError:
        print("UnboundLocalError")

lines = []


def tracer(frame, event, arg):
    if frame.f_code.co_name == "g":
        if event == "line":
            lines.append(frame.f_lineno - frame.f_code.co_firstlineno)
        return tracer
    return None


sys.settrace(tracer)
print(g(4))
sys.settrace(None)
print(len(lines), lines[:6])
print(g(6))
