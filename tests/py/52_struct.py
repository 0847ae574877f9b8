# struct: pack/unpack with byte orders and formats, calcsize, iter_unpack, pack_into, Struct objects.
import struct

print(struct.pack("<I", 1), struct.pack(">I", 1), struct.pack("!H", 0xABCD), struct.pack("<h", -2))
print(struct.pack("<bBhHiIqQ", -1, 255, -300, 65535, -70000, 4000000000, -(2 ** 40), 2 ** 63))
print(struct.pack("<f", 1.5), struct.pack(">d", 0.1), struct.pack("<e", 2.5), struct.pack("<?", True))
print(struct.pack("4s", b"ab"), struct.pack("3s", b"abcdef"), struct.pack("<c", b"Z"), struct.pack("<5p", b"hi"))
print(struct.unpack("<I", b"\x01\x02\x03\x04"), struct.unpack(">I", b"\x01\x02\x03\x04"))
print(struct.unpack("<hH", b"\xff\xff\xff\xff"), struct.unpack("<f", struct.pack("<f", 0.1)))
print(struct.unpack("<d", struct.pack("<d", 3.141592653589793)), struct.unpack(">q", b"\x80" + b"\x00" * 7))
for fmt in ["b", "h", "i", "q", "f", "d", "<bhi", "=bhi", "@bhi", "<3s2x", ">?Q"]:
    print(fmt, struct.calcsize(fmt), end="; ")
print()
record = struct.Struct("<10sHf")
packed = record.pack(b"widget", 42, 9.75)
print(packed, record.size, record.format)
name, qty, price = record.unpack(packed)
print(name.rstrip(b"\x00"), qty, price)
data = b"".join(struct.pack("<HB", i * 100, i) for i in range(4))
print(data.hex(), list(struct.iter_unpack("<HB", data)))
buf = bytearray(8)
struct.pack_into("<HH", buf, 2, 0x1234, 0xFFFF)
print(buf, struct.unpack_from("<H", buf, 4), struct.unpack_from(">H", buf, 2))
for bad in [lambda: struct.pack("<B", 256), lambda: struct.pack("<h", 40000), lambda: struct.unpack("<I", b"abc")]:
    try:
        bad()
    except struct.error as e:
        print("struct.error", isinstance(e, struct.error))
header = struct.pack(">4sIH", b"PNGX", 1024, 7)
magic, length, version = struct.unpack(">4sIH", header)
print(header, magic, length, version)
floats = struct.pack("<3d", 1.0, -2.5, 1e300)
print(struct.unpack("<3d", floats), len(floats))
print(struct.unpack("<e", b"\x00\x3c"), struct.unpack("<e", b"\x00\x7c"), struct.pack("<e", -0.0))
rgb = [(255, 0, 128), (16, 32, 64)]
pixels = b"".join(struct.pack("BBB", *p) for p in rgb)
print(pixels, [struct.unpack_from("BBB", pixels, i * 3) for i in range(len(rgb))])
print(struct.pack("<i", -1) == (-1).to_bytes(4, "little", signed=True), int.from_bytes(struct.pack(">Q", 12345), "big"))
