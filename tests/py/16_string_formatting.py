# str.format and %-formatting: positional/keyword fields, attribute/index access, alignment.

print("{} + {} = {}".format(2, 3, 5))
print("{0}{1}{0}".format("ab", "cd"))
print("{name} is {age} years".format(name="Bob", age=42))
print("{0[0]} {0[2]} {1[k]}".format([10, 20, 30], {"k": "dict"}))


class P:
    x = 7
    y = 8


print("{p.x},{p.y}".format(p=P()))
print("[{:>8}] [{:<8}] [{:^8}] [{:-^9}]".format("r", "l", "c", "mid"))
print("{:08.3f} {:+.2e} {:,} {:.2%}".format(3.14159, 12345.678, 9876543210, 0.4567))
print("{:#x} {:#o} {:#b} {:c}".format(48879, 8, 5, 9731))
print("{!r} {!s}".format("quoted", "plain"))
print("{:{w}.{p}f}".format(2.718281828, w=10, p=4))
print("{:=+8d}|{:=8d}".format(42, -42))
print(format(1234.5678, ",.2f"), format(0.000123, ".2g"), format(123456789, ".3g"))
print(format("text", "*>8"), format(42, "06"), format(-7, "x"))
print("%s has %d items costing %.2f" % ("cart", 3, 9.5))
print("%5d|%-5d|%05d|%+d" % (42, 42, 42, 42))
print("%x %X %o %e %E" % (255, 255, 8, 12345.6789, 0.000123))
print("%g %g %g %g" % (100000, 1000000, 0.0001, 0.00001))
print("%10.3f|%-10.1f|" % (3.14159, 2.5))
print("%(name)s=%(value)r" % {"name": "key", "value": "v"})
print("%c%c%c" % (72, 105, 33))
print("%r %s %a" % ("r", ["s"], "é"))
print("%%d literal and %s" % "arg")
print("%.3s|%8.2s|" % ("abcdef", "xyz"))
print("%*d|%-*d|" % (6, 1, 6, 2))
print("%s" % (("tuple", "inside"),))
table = [("Name", "Qty", "Price"), ("widget", 4, 3.5), ("gadget", 12, 10.25)]
print("{:<10}{:>5}{:>8}".format(*table[0]))
for name, qty, price in table[1:]:
    print("{:<10}{:>5d}{:>8.2f}".format(name, qty, price))
print("|".join("{:^6}".format(n) for n in range(4)))
template = "{greeting}, {0}! You have {1} new {unit}"
print(template.format("Sam", 5, greeting="Hello", unit="messages"))
print("{:s}".format("s"), "{:d}".format(True), "{:.1f}".format(True))
print("{0:>{1}}".format("dyn", 7), "{:.{}f}".format(1 / 7, 5))
print(str.format("{}-{}", "a", "b"), "{}".format(None), "{}".format(3.0))
