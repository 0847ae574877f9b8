# lambda, map, filter, zip (incl. strict), enumerate, reversed, any/all, iter with sentinel.
nums = [1, 2, 3, 4, 5, 6]
print(list(map(lambda x: x * x, nums)), list(map(str, nums)), list(map(pow, [2, 3, 4], [3, 2, 1])))
print(list(filter(lambda x: x % 2 == 0, nums)), list(filter(None, [0, 1, "", "a", None, [], [0]])))
print(list(zip("abc", nums)), list(zip()), list(zip(nums, nums[1:], nums[2:])))
print(dict(zip(["x", "y"], [1, 2])), list(zip(*[(1, "a"), (2, "b"), (3, "c")])))
try:
    list(zip([1, 2], [1], strict=True))
except ValueError as e:
    print("strict zip:", type(e).__name__)
print(list(enumerate("abc")), list(enumerate("abc", start=10)), [i for i, _ in enumerate(range(0))])
for index, (letter, number) in enumerate(zip("xy", [7, 8]), 1):
    print(index, letter, number)
print(list(reversed(nums)), list(reversed("abc")), list(reversed(range(3))), list(reversed({"a": 1, "b": 2})))
print(any([]), all([]), any(x > 5 for x in nums), all(x > 0 for x in nums), any([0, "", None]))
print(sum(map(int, "12345")), max(map(len, ["a", "abc", "ab"])), min(nums, key=lambda n: abs(n - 3.6)))
compose = lambda f, g: lambda x: f(g(x))
inc = lambda x: x + 1
double = lambda x: x * 2
print(compose(inc, double)(5), compose(double, inc)(5), (lambda *a, **k: (a, k))(1, 2, z=3))
print((lambda x, y=10: x + y)(5), (lambda: "no args")(), list(map(lambda p: p[0] * p[1], zip(nums, nums))))
ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}
print({sym: f(6, 3) for sym, f in ops.items()})
items = iter([1, 2, 3, None, 4])
print(list(iter(lambda: next(items), None)))
lines = iter(["first", "second", "", "ignored"])
print(list(iter(lines.__next__, "")))
it = iter(range(5))
print(next(it), next(it), list(it), next(it, "exhausted"))
m = map(lambda x: x * 10, range(3))
print(next(m), list(m), list(m))
pairs = sorted(zip([3, 1, 2], "cab"))
print(pairs, list(map(list, zip(*pairs))))
print(list(map(lambda a, b, c: a + b + c, [1, 2], [10, 20], [100, 200])), list(map(abs, (-1, -2, 3))))
print(sorted(filter(str.isupper, "Hello World From Python")), "".join(filter(str.isdigit, "a1b2c3")))
total = 0
for n in filter(lambda v: v % 3, map(lambda v: v * v, range(10))):
    total += n
print(total, len(list(filter(lambda s: s.startswith("a"), ["apple", "avocado", "pear"]))))
print(list(enumerate(zip("ab", "cd"))), dict(enumerate("xyz")), list(zip(range(3), reversed(range(3)))))
