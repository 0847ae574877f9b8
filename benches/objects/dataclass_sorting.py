# Exercises: dataclasses, properties, __eq__/__hash__/__lt__, total_ordering and sorting with keys and attrgetter.
import dataclasses
import functools
import operator
import random

PEOPLE = 18000

FIRST = ["Ada", "Bob", "Cyd", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]
LAST = ["Stone", "River", "Hill", "Marsh", "Field", "Brook", "Wood", "Lake"]
CITIES = ["Oslo", "Lima", "Kyiv", "Rome", "Bern", "Riga", "Doha"]


@dataclasses.dataclass(frozen=True, order=True)
class Date:
    year: int
    month: int
    day: int

    def __str__(self):
        return "%04d-%02d-%02d" % (self.year, self.month, self.day)


@dataclasses.dataclass
class Person:
    first: str
    last: str
    born: Date
    city: str
    salary: int
    tags: list = dataclasses.field(default_factory=list)
    ident: int = 0

    def __post_init__(self):
        self.tags = [t.lower() for t in self.tags]

    @property
    def full_name(self):
        return self.first + " " + self.last

    @property
    def age_in(self):
        return 2024 - self.born.year

    @property
    def band(self):
        return self.salary // 10000


@functools.total_ordering
class Version:
    __slots__ = ("parts", "label")

    def __init__(self, text):
        main, _, label = text.partition("-")
        self.parts = tuple(int(p) for p in main.split("."))
        self.label = label

    def _key(self):
        # a release sorts after its pre-releases
        return (self.parts, self.label == "", self.label)

    def __eq__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self._key() == other._key()

    def __lt__(self, other):
        return self._key() < other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        s = ".".join(map(str, self.parts))
        return s + ("-" + self.label if self.label else "")


def make_people(rng, n):
    people = []
    for i in range(n):
        born = Date(rng.randint(1940, 2005), rng.randint(1, 12), rng.randint(1, 28))
        tags = [rng.choice(["Ops", "Dev", "QA", "Mgmt"]) for _ in range(rng.randint(0, 3))]
        people.append(Person(rng.choice(FIRST), rng.choice(LAST), born, rng.choice(CITIES),
                             rng.randint(20, 150) * 1000, tags, i))
    return people


def main():
    rng = random.Random(1234)
    people = make_people(rng, PEOPLE)

    by_name = sorted(people, key=lambda p: (p.last, p.first, p.born))
    print("first", by_name[0].full_name, by_name[0].born, "last", by_name[-1].full_name, by_name[-1].born)

    by_city = sorted(people, key=operator.attrgetter("city", "salary"), reverse=True)
    print("city", by_city[0].city, by_city[0].salary, by_city[-1].city, by_city[-1].salary)

    stable = sorted(people, key=operator.attrgetter("ident"))
    stable.sort(key=lambda p: p.band)
    stable.sort(key=lambda p: p.city)
    print("stable", [p.ident for p in stable[:6]])

    oldest = min(people, key=lambda p: (p.born, p.ident))
    youngest = max(people, key=lambda p: (p.born, -p.ident))
    print("oldest", oldest.full_name, oldest.born, "youngest", youngest.full_name, youngest.born)

    dates = {}
    for p in people:
        dates[p.born] = dates.get(p.born, 0) + 1
    shared = sorted((d for d, c in dates.items() if c > 1), reverse=True)
    print("birthdays", len(dates), "shared", len(shared), shared[0])

    clones = [dataclasses.replace(p, ident=-1) for p in people[:2000]]
    equal = sum(1 for a, b in zip(people, clones) if a == dataclasses.replace(b, ident=a.ident))
    print("replace-equal", equal, clones[7].full_name, dataclasses.astuple(clones[7].born))

    tag_count = {}
    for p in people:
        for t in p.tags:
            tag_count[t] = tag_count.get(t, 0) + 1
    print("tags", sorted(tag_count.items()))

    bands = {}
    for p in people:
        bands.setdefault((p.city, p.band), []).append(p.age_in)
    top = sorted(bands.items(), key=lambda kv: (-len(kv[1]), kv[0]))[:3]
    print("bands", [(k, len(v), sum(v)) for k, v in top])

    texts = []
    for i in range(PEOPLE):
        t = "%d.%d.%d" % (i % 4, (i * 7) % 11, (i * 13) % 5)
        if i % 6 == 0:
            t += "-rc%d" % (i % 3)
        elif i % 6 == 1:
            t += "-beta"
        texts.append(t)
    versions = sorted(Version(t) for t in texts)
    unique = sorted(set(versions))
    print("versions", len(unique), unique[:4], unique[-2:])
    print("compare", Version("1.2.3-rc1") < Version("1.2.3"), Version("2.0.0") >= Version("1.9.9-beta"),
          Version("1.0.0") == Version("1.0.0"))
    asdict = dataclasses.asdict(people[3])
    print("asdict", sorted(asdict), asdict["born"])


main()
