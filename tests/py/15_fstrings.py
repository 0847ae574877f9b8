# f-strings: format specs, conversions (!r !s !a), nested fields, = specifier, expressions.
import math

name = "Ada"
score = 93.456789
count = 1234567
items = ["x", "y"]
print(f"{name} scored {score:.2f} points")
print(f"{name!r} {name!s} {'héllo'!a}")
print(f"[{name:>10}] [{name:<10}] [{name:^10}] [{name:*^11}]")
print(f"{count:,} {count:_} {count:>12,} {count:e} {count:.3e}")
print(f"{255:x} {255:X} {255:#x} {255:o} {255:#o} {255:b} {255:#010b}")
print(f"{-42:+d} {42:+d} {42: d} {-42:05d} {42:<5d}|")
print(f"{0.5:%} {0.123456:.1%} {1/3:.4f} {2/3:.0f} {1e10:g} {1.5e-5:g}")
print(f"{math.pi:10.4f}|{math.pi:<10.2f}|{math.pi:^10.3f}|{math.pi:+.1f}")
width, precision = 12, 3
print(f"[{math.e:{width}.{precision}f}]")
print(f"[{'nested':{'>' if width > 10 else '<'}{width}}]")
x = 10
y = 3
print(f"{x=} {y=}")
print(f"{x + y=}")
print(f"{x * y = }")
print(f"{name=!r} {score=:.1f}")
print(f"{items[0]} {items[-1]} {len(items)} {items}")
data = {"key": "value", "n": 5}
print(f"{data['key']} {data['n'] ** 2}")
print(f"{'yes' if x > y else 'no'} {[i * 2 for i in range(3)]}")
print(f"{{literal braces}} {{{x}}}")
print(f"{3.0} {1e16} {1e-7} {0.1 + 0.2}")
print(f"{True} {None} {b'bytes'} {(1, 2)}")


class Temp:
    def __init__(self, deg):
        self.deg = deg

    def __format__(self, spec):
        if spec == "f":
            return f"{self.deg * 9 / 5 + 32:.1f}F"
        return f"{self.deg:.1f}C"

    def __repr__(self):
        return f"Temp({self.deg})"


t = Temp(21.5)
print(f"{t} {t:f} {t!r}")
rows = [("apple", 3, 0.5), ("banana", 12, 0.25), ("cherry", 100, 3.125)]
for fruit, qty, price in rows:
    print(f"{fruit:<8}|{qty:>5}|{price:>8.3f}|{qty * price:>9.2f}")
print(f"{'multi'}"
      f"{'line'}")
print(f"{chr(65)}{ord('a')}{'abc'.upper()}{'-'.join('xyz')}")
