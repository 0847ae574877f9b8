# test: ir
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm2(self):
        return self.x * self.x + self.y.real * self.y
# ---- expected (BLESS=1 regenerates) ----
# ---- IR Point (methods_attrs.py:2) ----
# function Point() cells=__classdict__ at methods_attrs.py:2
# block0:
#     # line 2
#     make_cell(name=__classdict__)
#     $0.0 = load_name __name__
#     store_name($0.0, name=__module__)
#     del $0.0
#     $0.1 = const "Point"
#     store_name($0.1, name=__qualname__)
#     del $0.1
#     $0.2 = const 2
#     store_name($0.2, name=__firstlineno__)
#     del $0.2
#     $0.3 = locals()
#     store_deref($0.3, name=__classdict__)
#     del $0.3
#     # line 3
#     $0.4 = const <code Point.__init__>
#     $0.5 = make_function($0.4)
#     del $0.4
#     store_name($0.5, name=__init__)
#     del $0.5
#     # line 7
#     $0.6 = const <code Point.norm2>
#     $0.7 = make_function($0.6)
#     del $0.6
#     store_name($0.7, name=norm2)
#     del $0.7
#     $0.8 = const ("x", "y")
#     store_name($0.8, name=__static_attributes__)
#     del $0.8
#     store_name(__classdict__, name=__classdictcell__)
#     $0.9 = const None
#     return $0.9
# ---- IR Point.__init__ (methods_attrs.py:3) ----
# function Point.__init__(self, x, y) at methods_attrs.py:3
# block0:
#     # line 4
#     setattr(self, x, attr=x)
#     del x
#     # line 5
#     setattr(self, y, attr=y)
#     del self
#     del y
#     $0.0 = const None
#     return $0.0
# ---- IR Point.norm2 (methods_attrs.py:7) ----
# function Point.norm2(self) at methods_attrs.py:7
# block0:
#     # line 8
#     $0.0 = getattr(self, attr=x)
#     $0.1 = getattr(self, attr=x)
#     $0.2 = $0.0 * $0.1
#     del $0.0
#     del $0.1
#     $0.3 = getattr(self, attr=y)
#     $0.4 = getattr($0.3, attr=real)
#     del $0.3
#     $0.5 = getattr(self, attr=y)
#     del self
#     $0.6 = $0.4 * $0.5
#     del $0.4
#     del $0.5
#     $0.7 = $0.2 + $0.6
#     del $0.2
#     del $0.6
#     return $0.7
