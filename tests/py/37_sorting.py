# Sorting: sorted vs list.sort, key functions, reverse, stability, multi-key sorts, operator helpers.
from operator import attrgetter, itemgetter

nums = [5, -3, 8, 0, -1, 12, 7]
print(sorted(nums), sorted(nums, reverse=True), sorted(nums, key=abs), sorted(nums, key=lambda n: (n % 2, n)))
words = ["banana", "Apple", "cherry", "date", "Elderberry", "fig"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=len), sorted(words, key=len, reverse=True))
nums.sort()
print(nums, nums.sort() is None)
people = [("alice", 30, "NY"), ("bob", 25, "LA"), ("carol", 30, "LA"), ("dave", 25, "NY"), ("eve", 35, "LA")]
print(sorted(people, key=itemgetter(1)))
print(sorted(people, key=itemgetter(2, 1)))
print(sorted(people, key=lambda p: (-p[1], p[0])))
by_age = sorted(people, key=itemgetter(1))
by_city_then_age = sorted(by_age, key=itemgetter(2))
print([p[0] for p in by_city_then_age])


class Employee:
    def __init__(self, name, dept, salary):
        self.name, self.dept, self.salary = name, dept, salary

    def __repr__(self):
        return f"{self.name}({self.dept},{self.salary})"


staff = [Employee("Zed", "ops", 50), Employee("Amy", "dev", 70), Employee("Bo", "dev", 60), Employee("Cy", "ops", 50)]
print(sorted(staff, key=attrgetter("salary")))
print(sorted(staff, key=attrgetter("dept", "name")))
print(max(staff, key=attrgetter("salary")), min(staff, key=lambda e: (e.salary, e.name)))
pairs = [(1, "b"), (1, "a"), (0, "z"), (1, "a")]
print(sorted(pairs), sorted(pairs, key=itemgetter(0)), sorted(pairs, reverse=True))
print(sorted("hello world"), "".join(sorted("sorting", reverse=True)), sorted((3, 1, 2)))
d = {"b": 2, "a": 3, "c": 1}
print(sorted(d), sorted(d, key=d.get), sorted(d.items(), key=itemgetter(1), reverse=True), sorted(d.values()))
mixed = [3.5, 1, 2.25, -1, 10]
print(sorted(mixed), sorted([True, False, 2, 0.5]))
try:
    sorted([1, "a", 2])
except TypeError as e:
    print("cannot sort mixed:", type(e).__name__)
matrix = [[3, 1], [1, 2], [2, 0], [1, 1]]
print(sorted(matrix), sorted(matrix, key=lambda r: r[1]), sorted(matrix, key=sum))
versions = ["1.10.0", "1.2.10", "1.2.9", "0.99", "10.0"]
print(sorted(versions), sorted(versions, key=lambda v: [int(x) for x in v.split(".")]))
data = [4, 1, 3, 1, 5, 9, 2, 6]
ranked = sorted(range(len(data)), key=data.__getitem__)
print(ranked, [data[i] for i in ranked])
print(list(reversed(sorted(data))), sorted(data)[::-1] == sorted(data, reverse=True))
stable = sorted(["bb", "a", "cc", "b", "aa", "c"], key=len)
print(stable)
print(sorted([-0.0, 0.0, 0, -0]), sorted(["10", "9", "100"]), sorted(["10", "9", "100"], key=int))
