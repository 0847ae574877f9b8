# Exercises: closures, nonlocal state, decorators (with and without arguments), functools.wraps/partial, class and static methods.
import functools

ROUNDS = 50000

REGISTRY = {}


def register(kind):
    def deco(cls):
        REGISTRY[kind] = cls
        cls.kind = kind
        return cls
    return deco


def counted(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        wrapper.calls += 1
        return fn(*args, **kwargs)
    wrapper.calls = 0
    return wrapper


def memoize(fn):
    cache = {}

    @functools.wraps(fn)
    def wrapper(*args):
        try:
            return cache[args]
        except KeyError:
            result = cache[args] = fn(*args)
            return result
    wrapper.cache = cache
    return wrapper


def clamp(lo, hi):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            r = fn(*args, **kwargs)
            if r < lo:
                return lo
            if r > hi:
                return hi
            return r
        return wrapper
    return deco


def logged(prefix):
    def deco(fn):
        log = []

        def wrapper(*args):
            log.append("%s%s%r" % (prefix, fn.__name__, args))
            return fn(*args)
        wrapper.log = log
        wrapper.__name__ = fn.__name__
        return wrapper
    return deco


@memoize
def paths(w, h):
    if w == 0 or h == 0:
        return 1
    return (paths(w - 1, h) + paths(w, h - 1)) % 1000000007


@counted
@clamp(-50, 50)
def delta(a, b, scale=1):
    return (a - b) * scale


@logged("call:")
def combine(a, b):
    return "%s-%s" % (a, b)


def make_counter(start):
    count = start

    def inc(step=1):
        nonlocal count
        count += step
        return count

    def get():
        return count
    return inc, get


def make_adders(n):
    return [lambda x, k=k: x + k for k in range(n)]


def compose(*fns):
    def run(x):
        for f in reversed(fns):
            x = f(x)
        return x
    return run


class Shape:
    kind = "shape"
    created = 0

    def __init__(self, size):
        self.size = size
        type(self).bump()

    @classmethod
    def bump(cls):
        Shape.created += 1

    @classmethod
    def build(cls, kind, size):
        return REGISTRY[kind](size)

    @staticmethod
    def describe(shape):
        return "%s:%d" % (shape.kind, shape.area())

    def area(self):
        return 0


@register("square")
class Square(Shape):
    def area(self):
        return self.size * self.size


@register("tri")
class Triangle(Shape):
    def area(self):
        return self.size * self.size // 2


@register("line")
class Line(Shape):
    pass


def main():
    total = 0
    inc, get = make_counter(10)
    adders = make_adders(16)
    pipeline = compose(adders[3], lambda v: v * 2, adders[5], abs)
    part = functools.partial(delta, scale=3)
    kinds = sorted(REGISTRY)
    descr_len = 0
    for i in range(ROUNDS):
        total += delta(i % 97, i % 89)
        total += part(i % 13, 7)
        inc(i % 3)
        total += pipeline(i - 2000) % 1000
        for add in adders[:8]:
            total += add(i) & 1
        shape = Shape.build(kinds[i % len(kinds)], i % 20)
        descr_len += len(Shape.describe(shape))
        if i % 100 == 0:
            combine(i, kinds[i % 3])
        paths.cache.clear() if i % 500 == 0 else None
        total += paths(i % 40, 25)
    print("total", total, "counter", get())
    print("delta calls", delta.calls, "name", delta.__name__)
    print("shapes", Shape.created, "describe chars", descr_len, kinds)
    print("combine log", len(combine.log), combine.log[-1], combine.__name__)
    print("memo entries", len(paths.cache), paths(30, 30))


main()
