# Writing __defaults__ of a function after it got hot (and compiled) takes effect on the
# next call; reading gives what was written (issue 13).
def scale(x, k=2):
    return x * k

def offset(a, b=1, c=10):
    return a + b * c

def sq(n=5000):
    s = 0
    for i in range(n):
        s += i * i
    return s

def main():
    t = 0
    for i in range(5000):
        t += scale(i) + offset(i)
    print(t, scale.__defaults__, offset.__defaults__, sq())
    scale.__defaults__ = (7,)
    print(scale(3), scale.__defaults__)
    offset.__defaults__ = (2, 3)
    print(offset(1), offset(1, 5), offset.__defaults__)
    offset.__defaults__ = (0.5, 4.0)
    print(offset(1), [offset(i) for i in range(3)])
    sq.__defaults__ = (200000,)
    print(sq(), sq.__defaults__)
    scale.__defaults__ = None
    try:
        scale(3)
    except TypeError as e:
        print("TypeError", "k" in str(e))
    scale.__defaults__ = (1,)
    t = 0
    for i in range(5000):
        t += scale(i)
    print(t)

main()
