# inspect.signature of compiled functions: parameters, kinds, defaults, bind and
# bind_partial, and the signature following a later __defaults__ write (issue 13).
import inspect

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def lerp(a, b, t=0.5):
    return a + (b - a) * t

def poly(x, c0=1, c1=2, c2=3):
    return c0 + c1 * x + c2 * x * x

def main():
    t = 0.0
    for i in range(5000):
        t += lerp(0.0, float(i)) + poly(i)
    print(t, sq(100000))
    for f in (sq, lerp, poly):
        sig = inspect.signature(f)
        print(f.__name__, str(sig), [(p.name, p.kind.name, p.default) for p in sig.parameters.values()])
    sig = inspect.signature(lerp)
    ba = sig.bind(1.0, 3.0)
    ba.apply_defaults()
    print(dict(ba.arguments), lerp(*ba.args, **ba.kwargs))
    print(dict(inspect.signature(poly).bind_partial(2, c2=5).arguments))
    try:
        sig.bind(1.0)
    except TypeError as e:
        print("TypeError", "b" in str(e))
    poly.__defaults__ = (0, 0, 1)
    print(str(inspect.signature(poly)), poly(4))
    print(inspect.signature(sq) == inspect.signature(lambda n: n), inspect.Signature.from_callable(lerp) == sig)

main()
