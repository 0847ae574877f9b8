# print options (sep/end/file), io.StringIO/BytesIO buffers, and the operator module.
import io
import operator

print("a", "b", "c")
print("a", "b", "c", sep="")
print("a", "b", "c", sep=" | ", end=" <end>\n")
print()
print(*range(5), sep=",")
print("no newline", end="")
print(" ... continued")
buf = io.StringIO()
print("into buffer", 42, file=buf)
print("second", end="!", file=buf)
print(repr(buf.getvalue()), buf.tell())
buf.seek(0)
print(repr(buf.readline()), repr(buf.read()))
reader = io.StringIO("line 1\nline 2\nline 3")
print([line.rstrip() for line in reader], reader.read() == "")
bio = io.BytesIO()
bio.write(b"binary ")
bio.write(bytes([100, 97, 116, 97]))
print(bio.getvalue(), bio.tell(), bio.seek(2), bio.read(4))
print(operator.add(2, 3), operator.sub(2, 3), operator.mul("ab", 2), operator.truediv(7, 2), operator.floordiv(-7, 2))
print(operator.mod(-7, 3), operator.pow(2, 8), operator.neg(5), operator.not_(0), operator.truth([]), operator.abs(-2.5))
print(operator.eq(1, 1.0), operator.lt("a", "b"), operator.ge(3, 4), operator.is_(None, None), operator.contains([1, 2], 2))
print(operator.and_(12, 10), operator.or_(12, 10), operator.xor(12, 10), operator.lshift(1, 4), operator.invert(0))
get_second = operator.itemgetter(1)
get_multi = operator.itemgetter(0, 2)
print(get_second("xyz"), get_multi([10, 20, 30]), get_second({1: "one"}))
upper = operator.methodcaller("upper")
split_comma = operator.methodcaller("split", ",")
print(upper("shout"), split_comma("a,b,c"))


class P:
    def __init__(self, name, inner=None):
        self.name, self.inner = name, inner


nested = P("outer", P("inner"))
print(operator.attrgetter("name")(nested), operator.attrgetter("inner.name")(nested), operator.attrgetter("name", "inner.name")(nested))
items = [1, 2, 3]
operator.setitem(items, 0, 99)
operator.delitem(items, 1)
print(items, operator.getitem(items, -1), operator.index(7), operator.concat([1], [2]), operator.length_hint(iter(range(4))))
x = [1]
y = operator.iadd(x, [2])
print(x, y is x, operator.iconcat([0], [1]))
table = [("b", 2), ("a", 2), ("c", 1)]
print(sorted(table, key=operator.itemgetter(1, 0)), list(map(operator.mul, [1, 2, 3], [4, 5, 6])))
print(sum(map(operator.itemgetter(1), table)), max(table, key=operator.itemgetter(1)))
