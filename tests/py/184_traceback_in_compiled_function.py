# Exceptions raised inside compiled functions after they got hot: the traceback names
# the functions and lines as written, and frames hold their parameters (issue 13).
import traceback

def div(a, b):
    return a // b

def chain(a, b):
    return div(a, b) + 1

def sq(n, d):
    s = 0
    for i in range(n):
        s += i * i
    return s // d

def main():
    t = 0
    for i in range(5000):
        t += chain(i, 3)
    print(t, sq(100000, 7))
    for call in (lambda: chain(1, 0), lambda: sq(100000, 0), lambda: div(2 ** 70, 0)):
        try:
            call()
        except ZeroDivisionError as e:
            tb = traceback.extract_tb(e.__traceback__)
            print([(fs.name, fs.lineno, fs.line) for fs in tb[1:]])
            last = e.__traceback__
            while last.tb_next:
                last = last.tb_next
            print(last.tb_frame.f_code.co_name, sorted(last.tb_frame.f_locals.items()))
            print(last.tb_frame.f_back.f_code.co_name)

main()
