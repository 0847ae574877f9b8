# functools: reduce, lru_cache + cache_info, cache, partial, total_ordering.
import functools
import operator

print(functools.reduce(operator.add, range(1, 11)), functools.reduce(lambda a, b: a * b, [1, 2, 3, 4, 5], 10))
print(functools.reduce(lambda acc, s: acc + s[0], ["alpha", "beta", "gamma"], ""))
print(functools.reduce(max, [3, 9, 2, 7]), functools.reduce(operator.or_, [{1}, {2}, {3}]) == {1, 2, 3})


@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(100), fib.cache_info())
fib.cache_clear()
print(fib.cache_info())


@functools.lru_cache(maxsize=3)
def square(n):
    print(f"  computing {n}")
    return n * n


for n in [1, 2, 3, 1, 4, 2, 1]:
    square(n)
print(square.cache_info())
info = square.cache_info()
print(info.hits, info.misses, info.maxsize, info.currsize)


@functools.cache
def ways(n):
    return 1 if n <= 1 else ways(n - 1) + ways(n - 2)


print(ways(50), ways.cache_info().currsize)

power_of_two = functools.partial(pow, 2)
to_int_base2 = functools.partial(int, base=2)
print(power_of_two(10), to_int_base2("1111"), power_of_two.args, to_int_base2.keywords)
print(power_of_two.func is pow, functools.partial(power_of_two, 5)())


@functools.total_ordering
class Version:
    def __init__(self, text):
        self.parts = tuple(int(p) for p in text.split("."))

    def __eq__(self, other):
        return self.parts == other.parts

    def __lt__(self, other):
        return self.parts < other.parts

    def __repr__(self):
        return "v" + ".".join(map(str, self.parts))


vs = [Version("1.10"), Version("1.2"), Version("0.9.9"), Version("1.2.1")]
print(sorted(vs), Version("2.0") >= Version("1.99"), Version("1.0") <= Version("1.0"), Version("3") > Version("4"))
