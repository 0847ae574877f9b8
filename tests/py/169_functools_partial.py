# functools.partial over compiled functions: .func, .args, .keywords, nested partials,
# pickling and copying the partial, and partialmethod binding (issue 13).
import copy, functools, pickle, types

def lerp(a, b, t):
    return a + (b - a) * t

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def affine(x, k, c):
    return x * k + c

class Line(int):
    at = functools.partialmethod(affine, 2)

def main():
    half = functools.partial(lerp, t=0.5)
    from_zero = functools.partial(lerp, 0.0)
    t = 0.0
    for i in range(5000):
        t += half(0.0, float(i)) + from_zero(1.0, 0.25) + affine(i, 2, 1)
    print(t, sq(100000))
    print(half.func is lerp, half.args, half.keywords, type(half.func) is types.FunctionType)
    p = functools.partial(functools.partial(affine, 3), 4)
    print(p.func is affine, p.args, p(5))
    q = pickle.loads(pickle.dumps(half))
    print(q.func is lerp, q(2.0, 4.0), copy.deepcopy(from_zero).func is lerp)
    psq = functools.partial(sq)
    print(psq(100000), psq.func is sq)
    l = Line(5)
    print(l.at(1), Line.__dict__["at"].func is affine)

main()
