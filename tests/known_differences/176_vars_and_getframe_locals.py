# vars() and sys._getframe().f_locals inside functions with lifted loops, and a callee
# reading its caller's frame after the caller's loop ran (issue 13).
import sys

def peek():
    f = sys._getframe(1)
    return f.f_code.co_name, sorted(f.f_locals)

def work(n):
    name = "w"
    before = sorted(vars())
    t = 0
    for i in range(n):
        t += i * i
    fr = sys._getframe()
    frame_keys = sorted(fr.f_locals)
    same_code = (fr.f_code is work.__code__, fr.f_code.co_name, fr.f_lineno - work.__code__.co_firstlineno)
    del fr
    return before, sorted(vars()), frame_keys, peek(), same_code

class Runner:
    def go(self, n):
        acc = []
        s = 0
        for i in range(n):
            s += i & 15
        acc.append(s)
        return sorted(sys._getframe().f_locals), peek(), sys._getframe().f_code is Runner.go.__code__

def main():
    for item in work(100000):
        print(item)
    for item in Runner().go(100000):
        print(item)
    f = sys._getframe()
    print(f.f_code.co_name, f.f_back.f_code.co_name, sorted(f.f_locals))

main()
