# json: dumps with sort_keys/indent/separators, loads, round trips, custom encoders/decoders.
import json

data = {
    "name": "Widget",
    "id": 1234,
    "price": 19.99,
    "tags": ["tools", "home"],
    "dimensions": {"w": 10, "h": 2.5, "d": None},
    "available": True,
    "discount": False,
    "unicode": "café ☕",
}
print(json.dumps(data))
print(json.dumps(data, sort_keys=True))
print(json.dumps(data, indent=2, sort_keys=True))
print(json.dumps(data, separators=(",", ":"), ensure_ascii=False))
print(json.dumps([1, "two", 3.0, None, [True, False], {}], indent=4))
print(json.dumps("quote\" backslash\\ newline\n tab\t"), json.dumps(1e100), json.dumps(0.1 + 0.2))
print(json.dumps({3: "int key", "b": 1}), json.dumps((1, 2)), json.dumps(float("inf")))
text = '{"a": [1, 2, {"b": null}], "c": 1.5e3, "d": "\\u00e9", "e": -0, "f": 10000000000000000000000}'
obj = json.loads(text)
print(obj, type(obj["c"]).__name__, type(obj["f"]).__name__)
print(json.loads("[]"), json.loads('"s"'), json.loads("3"), json.loads(" true "), json.loads("NaN"))
round_trip = json.loads(json.dumps(data))
print(round_trip == data, list(round_trip))
print(json.loads('{"x": 1, "x": 2}'))
for bad in ['{"a": }', "[1, 2", "{'single': 1}", ""]:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print("decode error", type(e).__name__, e.pos, e.lineno, e.colno)


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y


class PointEncoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, Point):
            return {"__point__": [o.x, o.y]}
        return super().default(o)


def decode_point(d):
    if "__point__" in d:
        return Point(*d["__point__"])
    return d


encoded = json.dumps({"origin": Point(0, 0), "end": Point(3, 4)}, cls=PointEncoder, sort_keys=True)
print(encoded)
decoded = json.loads(encoded, object_hook=decode_point)
print({k: (v.x, v.y) for k, v in decoded.items()})
print(json.dumps({"set": sorted({3, 1, 2})}), json.dumps(list(range(5)), indent=0))
try:
    json.dumps({"bad": {1, 2}})
except TypeError as e:
    print("TypeError", type(e).__name__)
print(json.loads("1.10", parse_float=str), json.loads('[1,2]', parse_int=lambda s: int(s) * 10))
print(json.dumps({"b": [], "a": {}}, indent="--", sort_keys=True))
