# Dicts: insertion order, iteration (keys/values/items), enumerate, views, merging, setdefault, pop.
inventory = {"apples": 5, "pears": 2, "kiwis": 0}
inventory["bananas"] = 12
inventory["apples"] = 7
print(inventory, list(inventory), len(inventory))
for i, key in enumerate(inventory):
    print(i, key, inventory[key])
for i, (k, v) in enumerate(inventory.items(), start=1):
    print(f"{i}. {k}={v}")
print(inventory.keys(), inventory.values(), inventory.items())
print(inventory.get("pears"), inventory.get("plums"), inventory.get("plums", -1), "kiwis" in inventory, 0 in inventory)
print(inventory.pop("kiwis"), inventory.pop("nothing", "default"), inventory)
inventory["kiwis"] = 3
print(list(inventory), "re-inserted key goes last")
print(inventory.setdefault("pears", 100), inventory.setdefault("grapes", 9), inventory)
print(inventory.popitem(), inventory)
merged = {"a": 1, "b": 2} | {"b": 20, "c": 30}
print(merged, {**merged, "a": 0, "d": 4})
merged |= {"e": 5}
merged.update(f=6, a=-1)
merged.update([("g", 7)])
print(merged)
keys = {"x": 1, "y": 2, "z": 3}.keys()
print(keys & {"x", "q"} == {"x"}, sorted(keys | {"w"}), sorted(keys - {"y"}), "y" in keys)
print(dict.fromkeys("abc", 0), dict.fromkeys(["k1", "k2"]), dict([("p", 1), ("q", 2)]), dict(a=1, b=2))
squares = {n: n * n for n in range(6)}
print(squares, {v: k for k, v in squares.items() if v % 2})
del squares[0]
print(list(squares.items())[:2], min(squares), max(squares.values()), sum(squares))
nested = {"user": {"name": "ann", "roles": ["admin", "dev"]}, "active": True}
print(nested["user"]["roles"][-1], nested.get("user", {}).get("email", "n/a"))
d1 = {"a": 1, "b": 2}
d2 = {"b": 2, "a": 1}
print(d1 == d2, list(d1) == list(d2), d1 != {"a": 1})
copy = d1.copy()
copy["c"] = 3
print(d1, copy)
word_lengths = {}
for w in "the quick brown fox jumps over the lazy dog".split():
    word_lengths.setdefault(len(w), []).append(w)
print(word_lengths)
print(sorted(word_lengths.items(), key=lambda kv: (-len(kv[1]), kv[0])))
print(list(reversed(d1)), list(reversed(d1.items())), next(iter(d1.values())))
try:
    d1["missing"]
except KeyError as e:
    print("KeyError", e)
try:
    for k in d1:
        d1[k + "!"] = 0
except RuntimeError as e:
    print("RuntimeError", type(e).__name__)
print(len({1: "int", 1.0: "float", True: "bool"}), {1: "int", 1.0: "float"}, {(1, 2): "tuple key"})
d3 = {}
d3.update(zip("abc", range(3)))
d3.clear()
print(d3, bool(d3), bool({0: 0}))
