# 'exception' trace events carry the traceback CPython gives them (this frame's entry in
# front of what the exception carried; rustpython passed None or only the carried part),
# and a for loop's end over a range or a generator is no event, as in CPython 3.11.
import sys, traceback
def tracer(frame, event, arg):
    if event == 'exception':
        tb = arg[2]
        chain = []
        while tb is not None:
            chain.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
            tb = tb.tb_next
        print(frame.f_code.co_name, frame.f_lineno, arg[0].__name__, chain)
    return tracer
def g():
    raise KeyError('k')
def f():
    try:
        raise StopIteration('x')
    except StopIteration:
        pass
    try:
        g()
    except KeyError:
        pass
    for x in range(3):
        pass
    for x in (i for i in range(2)):
        pass
sys.settrace(tracer)
f()
sys.settrace(None)
