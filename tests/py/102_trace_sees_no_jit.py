# With a trace function set, no JIT machinery is visible to it: functions whose loops
# are lifted (nested ones too), loops that get hot across calls, loops already
# compiled before tracing starts and loops left to the interpreter that break out show
# the tracer exactly CPython's events. rustpython
# reported an extra 'exception' event (StopIteration) when a loop copy that had not yet
# yielded ran out, and for generators; sys.gettrace() and frame.f_trace still give the
# program its own functions.
import sys
from collections import Counter

events = []
def tracer(frame, event, arg):
    if frame.f_code.co_filename == __file__ and frame.f_code.co_name != 'tracer':
        if event == 'exception':
            events.append((frame.f_code.co_name, event, frame.f_lineno, arg[0].__name__))
        elif event != 'line':
            events.append((frame.f_code.co_name, event))
        else:
            events.append((frame.f_code.co_name, event, frame.f_lineno))
    return tracer

def work(n):
    s = 0
    for i in range(n):
        s += i
    print(end='')
    return s

def work_list(xs):
    s = 0.0
    for x in xs:
        s += x
    print(end='')
    return s

def nested(n):
    t = 0
    for i in range(n):
        for j in range(n):
            t += i ^ j
    print(end='')
    return t

def first_big(xs):
    # A `for` loop over a list that breaks out: its interpreted copy may be timed toward
    # compiling it, which the tracer must not see as a line.
    t = 0
    for x in xs:
        if x > 3:
            break
        t += x
    y = t + 1
    return y

def while_loop(n):
    k = 0
    t = 0
    while k < n:
        t += k
        k += 1
    print(end='')
    return t

def plain(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def gen(n):
    for i in range(n):
        yield i

def consume(n):
    total = 0
    for v in gen(n):
        total += v
    try:
        raise StopIteration('explicit')
    except StopIteration:
        total += 1
    return total

for mode in range(4):
    if mode == 1:
        sys.settrace(tracer)
        print(sys.gettrace() is tracer, sys._getframe().f_trace)
    if mode == 2:
        sys.settrace(None)
    r = []
    for n in [1, 0, 10, 100, 400, 900, 1500, 50, 3000]:
        r.append((work(n), work_list([1.5] * n), nested(n // 10), while_loop(n), plain(n), consume(n % 7),
                  first_big([1, 2, n % 5, 4, 0])))
    if mode == 3:
        sys.settrace(tracer)
s = 0
for i in range(5000):
    s += i
frame = sys._getframe()
print(sys.gettrace() is tracer, frame.f_trace is None or frame.f_trace is tracer)
sys.settrace(None)
print(sys.gettrace())
print(r[-1], s, len(events))
print([e for e in events if e[1] == 'exception'])
print(sorted(Counter(e[:2] for e in events).items()))
print(sorted(Counter(e for e in events if e[1] == 'line').items())[:60])
