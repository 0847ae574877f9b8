# collections: deque, namedtuple, OrderedDict (printed via items), ChainMap, UserDict.
from collections import ChainMap, OrderedDict, UserDict, deque, namedtuple

d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1])
d.rotate(2)
print(d)
d.rotate(-3)
print(d, d.pop(), d.popleft(), d)
d.extend([7, 8])
d.extendleft([-1, -2])
print(d, d.count(7), d.index(8))
window = deque(maxlen=3)
for i in range(6):
    window.append(i)
    print(list(window), end=" ")
print()
print(window, window.maxlen)
d.remove(7)
d.reverse()
print(d, list(reversed(d)), 3 in d)

Point = namedtuple("Point", ["x", "y"])
Person = namedtuple("Person", "name age city", defaults=["Unknown"])
p = Point(3, 4)
print(p, p.x, p[1], p._asdict(), p._replace(x=10), Point._fields)
print(Person("Ann", 30), Person("Bob", 25, "Paris"), Person._field_defaults)
x, y = p
print(x + y, p == (3, 4), isinstance(p, tuple), Point._make([5, 6]), sum(p))
people = [Person("Cy", 40), Person("Al", 22, "Rome"), Person("Bea", 31, "Oslo")]
print(sorted(people, key=lambda q: q.age))
print(max(people, key=lambda q: q.name).name, [q.city for q in people])

od = OrderedDict()
od["first"] = 1
od["second"] = 2
od["third"] = 3
od.move_to_end("first")
print(list(od.items()))
od.move_to_end("third", last=False)
print(list(od.keys()), od.popitem(), od.popitem(last=False), list(od.items()))
o1 = OrderedDict([("a", 1), ("b", 2)])
o2 = OrderedDict([("b", 2), ("a", 1)])
print(o1 == o2, dict(o1) == dict(o2), o1 == {"b": 2, "a": 1})

defaults = {"color": "red", "size": "M", "user": "guest"}
env = {"user": "admin"}
cli = {"size": "XL"}
settings = ChainMap(cli, env, defaults)
print(settings["color"], settings["size"], settings["user"], len(settings), sorted(settings))
child = settings.new_child({"color": "blue"})
print(child["color"], settings["color"], dict(child.parents) == dict(settings))


class LowerDict(UserDict):
    def __setitem__(self, key, value):
        super().__setitem__(key.lower(), value)


ld = LowerDict()
ld["HeLLo"] = 1
ld.update({"WORLD": 2})
print(ld.data, "hello" in ld, ld["world"])
