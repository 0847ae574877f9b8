# Exercises: a hand-written JSON-like encoder (escaping, indentation, type dispatch) and recursive-descent decoder, round-tripped.
import random

DOCS = 1600


class Encoder:
    ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f"}

    def __init__(self, indent=None, sort_keys=False):
        self.indent = indent
        self.sort_keys = sort_keys
        self.dispatch = {
            dict: self.encode_dict,
            list: self.encode_list,
            tuple: self.encode_list,
            str: self.encode_str,
            int: self.encode_int,
            float: self.encode_float,
            bool: self.encode_bool,
            type(None): self.encode_none,
        }

    def encode(self, obj):
        parts = []
        self._encode(obj, parts, 0)
        return "".join(parts)

    def _encode(self, obj, parts, level):
        handler = self.dispatch.get(type(obj))
        if handler is None:
            if hasattr(obj, "to_json"):
                return self._encode(obj.to_json(), parts, level)
            raise TypeError("cannot encode %s" % type(obj).__name__)
        handler(obj, parts, level)

    def newline(self, parts, level):
        if self.indent is not None:
            parts.append("\n" + " " * (self.indent * level))

    def encode_dict(self, obj, parts, level):
        if not obj:
            parts.append("{}")
            return
        parts.append("{")
        keys = sorted(obj) if self.sort_keys else list(obj)
        sep = ": " if self.indent is not None else ":"
        for i, k in enumerate(keys):
            if i:
                parts.append(",")
            self.newline(parts, level + 1)
            self.encode_str(str(k), parts, level)
            parts.append(sep)
            self._encode(obj[k], parts, level + 1)
        self.newline(parts, level)
        parts.append("}")

    def encode_list(self, obj, parts, level):
        if not obj:
            parts.append("[]")
            return
        parts.append("[")
        for i, item in enumerate(obj):
            if i:
                parts.append(",")
            self.newline(parts, level + 1)
            self._encode(item, parts, level + 1)
        self.newline(parts, level)
        parts.append("]")

    def encode_str(self, s, parts, level):
        out = ['"']
        for ch in s:
            esc = self.ESCAPES.get(ch)
            if esc is not None:
                out.append(esc)
            elif ch < " " or ch > "~":
                out.append("\\u%04x" % ord(ch))
            else:
                out.append(ch)
        out.append('"')
        parts.append("".join(out))

    def encode_int(self, n, parts, level):
        parts.append(str(n))

    def encode_float(self, x, parts, level):
        parts.append(repr(x))

    def encode_bool(self, b, parts, level):
        parts.append("true" if b else "false")

    def encode_none(self, _, parts, level):
        parts.append("null")


class DecodeError(ValueError):
    pass


class Decoder:
    def __init__(self, text):
        self.text = text
        self.pos = 0

    def decode(self):
        value = self.value()
        self.skip()
        if self.pos != len(self.text):
            raise DecodeError("trailing data at %d" % self.pos)
        return value

    def skip(self):
        text = self.text
        while self.pos < len(text) and text[self.pos] in " \n\t\r":
            self.pos += 1

    def value(self):
        self.skip()
        ch = self.text[self.pos]
        if ch == "{":
            return self.obj()
        if ch == "[":
            return self.arr()
        if ch == '"':
            return self.string()
        if self.text.startswith("true", self.pos):
            self.pos += 4
            return True
        if self.text.startswith("false", self.pos):
            self.pos += 5
            return False
        if self.text.startswith("null", self.pos):
            self.pos += 4
            return None
        return self.number()

    def obj(self):
        self.pos += 1
        result = {}
        self.skip()
        if self.text[self.pos] == "}":
            self.pos += 1
            return result
        while True:
            self.skip()
            key = self.string()
            self.skip()
            if self.text[self.pos] != ":":
                raise DecodeError("expected ':' at %d" % self.pos)
            self.pos += 1
            result[key] = self.value()
            self.skip()
            ch = self.text[self.pos]
            self.pos += 1
            if ch == "}":
                return result
            if ch != ",":
                raise DecodeError("expected ',' at %d" % self.pos)

    def arr(self):
        self.pos += 1
        result = []
        self.skip()
        if self.text[self.pos] == "]":
            self.pos += 1
            return result
        while True:
            result.append(self.value())
            self.skip()
            ch = self.text[self.pos]
            self.pos += 1
            if ch == "]":
                return result
            if ch != ",":
                raise DecodeError("expected ',' at %d" % self.pos)

    UNESCAPE = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "/": "/"}

    def string(self):
        text = self.text
        self.pos += 1
        out = []
        while True:
            ch = text[self.pos]
            if ch == '"':
                self.pos += 1
                return "".join(out)
            if ch == "\\":
                nxt = text[self.pos + 1]
                if nxt == "u":
                    out.append(chr(int(text[self.pos + 2:self.pos + 6], 16)))
                    self.pos += 6
                    continue
                out.append(self.UNESCAPE[nxt])
                self.pos += 2
                continue
            out.append(ch)
            self.pos += 1

    def number(self):
        start = self.pos
        text = self.text
        while self.pos < len(text) and text[self.pos] in "+-0123456789.eE":
            self.pos += 1
        token = text[start:self.pos]
        if not token:
            raise DecodeError("unexpected %r at %d" % (text[start], start))
        if "." in token or "e" in token or "E" in token:
            return float(token)
        return int(token)


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def to_json(self):
        return {"x": self.x, "y": self.y, "kind": "point"}


def make_doc(rng, depth):
    kind = rng.randrange(8 if depth < 4 else 5)
    if kind == 0:
        return rng.randint(-10 ** 6, 10 ** 6)
    if kind == 1:
        return rng.randint(0, 10 ** 6) / 64
    if kind == 2:
        chars = "abcXYZ \"\\\n\t\u00e9\u4e2d/"
        return "".join(rng.choice(chars) for _ in range(rng.randint(0, 12)))
    if kind == 3:
        return rng.choice([True, False, None])
    if kind == 4:
        return Point(rng.randint(0, 99), rng.randint(0, 99))
    if kind == 5:
        return [make_doc(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return {"k%d_%s" % (i, rng.choice("pqrs")): make_doc(rng, depth + 1) for i in range(rng.randint(0, 5))}


def normalize(obj):
    if isinstance(obj, Point):
        return obj.to_json()
    if isinstance(obj, dict):
        return {k: normalize(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [normalize(v) for v in obj]
    return obj


def main():
    rng = random.Random(1234)
    docs = [{"id": i, "payload": [make_doc(rng, 0) for _ in range(4)], "tags": ("a", "b")} for i in range(DOCS)]
    compact = Encoder()
    pretty = Encoder(indent=2, sort_keys=True)
    total_compact = total_pretty = roundtrips = 0
    lines = 0
    for doc in docs:
        c = compact.encode(doc)
        p = pretty.encode(doc)
        total_compact += len(c)
        total_pretty += len(p)
        lines += p.count("\n")
        back = Decoder(c).decode()
        if back == normalize(doc) and Decoder(p).decode() == back:
            roundtrips += 1
    print("compact chars", total_compact, "pretty chars", total_pretty, "lines", lines)
    print("roundtrips", roundtrips, "of", len(docs))
    print("sample", compact.encode(docs[3])[:120])
    print(pretty.encode({"b": [1, 2.5, None], "a": {"x": "q\"uote\n"}, "c": []}))
    errors = 0
    for bad in ('{"a" 1}', "[1, 2", '{"a": tru}', "[1] x"):
        try:
            Decoder(bad).decode()
        except (DecodeError, IndexError, KeyError):
            errors += 1
    print("errors", errors)


main()
