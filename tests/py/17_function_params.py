# Function parameters: defaults, *args, **kwargs, keyword-only, positional-only, unpacking.


def describe(a, b=2, *args, c, d=4, **kwargs):
    return f"a={a} b={b} args={args} c={c} d={d} kwargs={kwargs}"


print(describe(1, c=3))
print(describe(1, 20, 30, 40, c=3, e=5, f=6))
print(describe(*[1, 2, 3], **{"c": 9, "z": 0}))


def pos_only(x, y, /, z=0, *, w=1):
    return x + y * 10 + z * 100 + w * 1000


print(pos_only(1, 2), pos_only(1, 2, 3), pos_only(1, 2, z=3, w=4))
for call in (lambda: pos_only(x=1, y=2), lambda: pos_only(1, 2, 3, 4), lambda: describe(1)):
    try:
        call()
    except TypeError as e:
        print("TypeError raised", type(e).__name__)


def kwargs_name_clash(x, /, **kwargs):
    return x, kwargs


print(kwargs_name_clash(1, x=2))


def append_bad(value, target=[]):
    target.append(value)
    return target


def append_good(value, target=None):
    if target is None:
        target = []
    target.append(value)
    return target


print(append_bad(1), append_bad(2), append_bad(3))
print(append_good(1), append_good(2))
print(append_bad.__defaults__, append_good.__defaults__)


def stats(*numbers, precision=2):
    if not numbers:
        return None
    mean = sum(numbers) / len(numbers)
    return round(mean, precision), min(numbers), max(numbers)


print(stats(), stats(1, 2, 4), stats(*range(10), precision=0))


def merge(**sources):
    return {k: v for k, v in sorted(sources.items())}


print(merge(b=2, a=1, **{"c": 3}))
first, *middle, last = range(7)
print(first, middle, last)
(a, b), c = (1, 2), 3
print(a, b, c, [*"ab", *range(2)], {**{"x": 1}, "y": 2})
print(describe.__code__.co_argcount, describe.__code__.co_kwonlyargcount,
      pos_only.__code__.co_posonlyargcount, describe.__kwdefaults__)


def apply(func, /, *args, **kwargs):
    return func(*args, **kwargs)


print(apply(max, 3, 9, 2), apply(sorted, [3, 1, 2], reverse=True), apply(dict, a=1))
print(apply(print, "printed", "via", "apply", sep="-"))
