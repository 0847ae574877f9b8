# bytes and bytearray: literals, indexing, methods, hex, encoding, mutation, int conversions.
b = b"Hello, bytes!"
print(b, len(b), b[0], b[-1], b[:5], b[7:], list(b[:3]))
print(b.upper(), b.lower(), b.replace(b"bytes", b"world"), b.split(b", "), b.find(b"bytes"), b.count(b"l"))
print(b.startswith(b"Hell"), b.endswith(b"!"), b"  pad  ".strip(), b"a,b,c".split(b","), b"-".join([b"x", b"y"]))
print(bytes(5), bytes([65, 66, 67]), bytes(range(48, 58)), bytes("é", "utf-8"), b"\x00\xff\x7f")
print(b.hex(), b.hex(":"), b"\xde\xad\xbe\xef".hex("-", 2), bytes.fromhex("de ad be ef"), bytes.fromhex("414243"))
print(b"abc" + b"def", b"ab" * 3, b"a" < b"b", b"abc" == b"abc", b"b" in b"abc", 98 in b"abc")
print(b.isalpha(), b"123".isdigit(), b"abc".isalnum(), b" ".isspace(), b"Title".istitle())
print(repr(b"quote'\"\n\t\\"), b"\x41\x42", b"tab\there".expandtabs(4))
ba = bytearray(b"mutable")
ba[0] = ord("M")
ba.append(33)
ba.extend(b" data")
print(ba, len(ba))
ba.insert(0, 91)
ba += b"]"
print(ba, ba.pop(), ba.pop(0), ba)
del ba[0:2]
ba.reverse()
print(ba, bytes(ba), ba.decode("ascii"))
ba2 = bytearray(4)
ba2[1:3] = b"\xff\xee"
print(ba2, list(ba2), ba2.hex())
ba3 = bytearray(b"aaa")
ba3.remove(ord("a"))
print(ba3, bytearray(b"xyz").index(b"z"), bytearray(b"abc") == b"abc")
print(int.from_bytes(b"\x00\x01", "big"), (1025).to_bytes(2, "little"), (1025).to_bytes(4, "big"))
print((-1).to_bytes(2, "big", signed=True), int.from_bytes(b"\xff\xff", "big", signed=True))
text = "Grüße, 世界"
for enc in ("utf-8", "utf-16-le", "latin-1"):
    try:
        data = text.encode(enc)
        print(enc, data, len(data), data.decode(enc) == text)
    except UnicodeEncodeError as e:
        print(enc, "UnicodeEncodeError", e.start, e.end)
print(b"\xff\xfe".decode("utf-8", errors="replace"), b"abc\xff".decode("ascii", errors="ignore"))
try:
    b"\xc3".decode("utf-8")
except UnicodeDecodeError as e:
    print("UnicodeDecodeError", e.encoding, e.start, e.end)
try:
    b"abc"[0] = 1
except TypeError as e:
    print("bytes are immutable:", type(e).__name__)
print(sum(b"abc"), max(b"xyz"), sorted(b"cab"), bytes(sorted(b"cab")), b"%d-%s" % (5, b"x"))
print(b"abc".translate(bytes.maketrans(b"abc", b"xyz")), b"hello".title(), b"x".zfill(4), b"ab".center(6, b"*"))
mv = memoryview(bytearray(b"abcdef"))
mv[0] = ord("A")
print(mv.tobytes(), mv[1:3].tobytes(), len(mv), mv.readonly, mv.nbytes, mv.tolist()[:3])
print(bytes(reversed(b"abc")), b"".join(bytes([i]) for i in range(97, 100)), bytearray(b"x") * 3)
