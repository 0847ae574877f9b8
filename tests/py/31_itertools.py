# itertools: permutations, combinations, product, accumulate, groupby, chain, islice and friends.
import itertools as it
import operator

print(list(it.permutations("abc")))
print(["".join(p) for p in it.permutations("abcd", 2)])
print(list(it.combinations(range(5), 3)))
print(list(it.combinations_with_replacement("xy", 3)))
print(list(it.product([0, 1], repeat=3)))
print(["".join(p) for p in it.product("ab", "12", "+")])
print(list(it.accumulate([1, 2, 3, 4, 5])), list(it.accumulate([1, 2, 3, 4], operator.mul)))
print(list(it.accumulate([3, 1, 4, 1, 5, 9, 2], max)), list(it.accumulate([1, 2, 3], initial=100)))
data = sorted(["apple", "avocado", "banana", "blueberry", "cherry", "apricot", "beet"])
for key, group in it.groupby(data, key=lambda w: w[0]):
    print(key, list(group))
print([(k, len(list(g))) for k, g in it.groupby("aaabccddddde")])
print(list(it.chain([1, 2], "ab", (None,))), list(it.chain.from_iterable([[1], [2, 3], []])))
print(list(it.islice(range(100), 5)), list(it.islice(range(100), 10, 20, 3)), list(it.islice("abcdef", 2, None)))
print(list(it.islice(it.count(10, 5), 4)), list(it.islice(it.cycle("xyz"), 7)), list(it.repeat("r", 3)))
print(list(it.takewhile(lambda v: v < 5, [1, 3, 6, 2])), list(it.dropwhile(lambda v: v < 5, [1, 3, 6, 2])))
print(list(it.filterfalse(lambda v: v % 2, range(10))), list(it.compress("abcdef", [1, 0, 1, 0, 1, 1])))
print(list(it.starmap(pow, [(2, 5), (3, 2), (10, 3)])), list(it.zip_longest("abc", [1], fillvalue="-")))
print(list(it.pairwise([1, 4, 9, 16, 25])))
a, b = it.tee([1, 2, 3])
print(list(a), list(b), list(a))
print(len(list(it.permutations(range(6)))), sum(1 for _ in it.combinations(range(20), 4)))
print(next(it.dropwhile(lambda n: n * n < 500, it.count())))


def powerset(items):
    return it.chain.from_iterable(it.combinations(items, r) for r in range(len(items) + 1))


print(list(powerset([1, 2, 3])))
counter = it.count()
print([next(counter) for _ in range(3)], next(counter))
print(list(zip(it.count(1), "abc")), dict(zip("xyz", it.count(100))))
print(list(it.islice(it.accumulate(it.repeat(2)), 6)))
runs = [(k, sum(1 for _ in g)) for k, g in it.groupby([1, 1, 2, 2, 2, 1, 3, 3])]
print(runs)
print(sorted(set(it.permutations([1, 1, 2]))))
