# bytearray * n and list * n (vm/src/sequence_repeat.rs): results, subclasses (a plain
# bytearray or list comes back), aliasing of the repeated items, counts of zero and
# below, and CPython's MemoryError for a size past sys.maxsize (rustpython said
# OverflowError).
class B(bytearray): pass
class L(list): pass
print(type(B(b"ab") * 3), B(b"ab") * 3, 3 * B(b"x"), type(L([1]) * 2), L([1, 2]) * 3)
a = [1, [2]] * 3
a[1].append(5)
print(a, [] * 5, [1] * 0, [1] * -3, bytearray() * 9, bytearray(b"a") * -1, [None] * 1)
print(bytearray(b"abc") * 5, len(bytearray(b"xyz") * 1000001), len([0.5, 1] * 500001))
for bad in (2**62, 2**63, 1.5, "x"):
    for make in (lambda: bytearray(b"ab"), lambda: [1, 2]):
        try:
            make() * bad
        except Exception as e:
            print(type(e).__name__, e)
b = bytearray(b"q"); b *= 4; print(b)
l = [3]; l *= 3; print(l)
