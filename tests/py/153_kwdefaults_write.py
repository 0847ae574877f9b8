# Keyword-only defaults of compiled functions: reading and writing __kwdefaults__ after
# the function got hot (issue 13).
import inspect

def power(x, *, e=2, m=1):
    return m * x ** e

def clamp(x, lo=0, *, hi=100):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def main():
    t = 0
    for i in range(5000):
        t += power(i % 10) + clamp(i)
    print(t, power.__kwdefaults__ == {"e": 2, "m": 1}, sorted(clamp.__kwdefaults__.items()))
    power.__kwdefaults__ = {"e": 3, "m": 2}
    print(power(2), power(2, e=1), sorted(power.__kwdefaults__.items()))
    clamp.__kwdefaults__["hi"] = 5
    print(clamp(50), clamp(-3), clamp.__kwdefaults__)
    clamp.__kwdefaults__ = None
    try:
        clamp(1)
    except TypeError as e:
        print("TypeError", "hi" in str(e))
    clamp.__kwdefaults__ = {"hi": 1000}
    print(sq(100000), sq.__kwdefaults__)
    sq.__kwdefaults__ = {"unused": 1}
    print(sq(10), sq.__kwdefaults__, str(inspect.signature(sq)))
    sq.__kwdefaults__ = None
    print(sq.__kwdefaults__, sq(100000))
    print(clamp(500), str(inspect.signature(clamp)), str(inspect.signature(power)))

main()
