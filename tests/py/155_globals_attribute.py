# __globals__ of a compiled function is the module's globals dict, and a global written
# through it (or rebound at module level) changes what the function computes (issue 13).
import sys

K = 3

def scaled(x):
    return x * K

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def helper(x):
    return x + 1

def uses_helper(x):
    return helper(x) * 2

def main():
    global K
    t = 0
    for i in range(5000):
        t += scaled(i) + uses_helper(i)
    print(t, sq(100000))
    g = scaled.__globals__
    print(g is globals(), g is sys.modules[__name__].__dict__, g is sq.__globals__)
    print(g["K"], "scaled" in g, g["sq"] is sq, type(g).__name__)
    g["K"] = 10
    print(scaled(4), K)
    K = 2.5
    print(scaled(4))
    uses_helper.__globals__["helper"] = lambda x: x - 1
    print(uses_helper(10))
    print(sorted(k for k in g if not k.startswith("__")))

main()
