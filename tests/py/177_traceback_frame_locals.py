# An exception raised after a lifted loop: the traceback's frames, their f_locals,
# names and line numbers, as CPython shows them (issue 13).
import sys, traceback

def work(n, d):
    t = 0
    for i in range(n):
        t += i * 2
    return d[t]

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s // (n - n)

def main():
    try:
        work(100000, {})
    except KeyError as e:
        tb = e.__traceback__
        frames = []
        while tb is not None:
            frames.append((tb.tb_frame.f_code.co_name, tb.tb_lineno - tb.tb_frame.f_code.co_firstlineno, sorted(tb.tb_frame.f_locals)))
            tb = tb.tb_next
        for fr in frames:
            print(fr)
        print(type(e).__name__, e)
    try:
        sq(100000)
    except ZeroDivisionError as e:
        summary = traceback.extract_tb(e.__traceback__)
        print([(fs.name, fs.line) for fs in summary])
        last = e.__traceback__
        while last.tb_next is not None:
            last = last.tb_next
        loc = last.tb_frame.f_locals
        print(sorted(loc), loc["s"], loc["i"], loc["n"])
    frames = [fs.name for fs in traceback.extract_stack()]
    print(frames)

main()
