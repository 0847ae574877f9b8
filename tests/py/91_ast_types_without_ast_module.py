# compile() makes AST nodes whatever sys.modules holds under "_ast" (CPython's compile
# does not import the module): a stand-in module, or None.
import sys
import types

sys.modules["_ast"] = types.ModuleType("_ast")
print(type(compile("1", "<s>", "eval", 0x400)).__name__)
print(type(sys.modules["_ast"]).__name__, hasattr(sys.modules["_ast"], "AST"))
sys.modules["_ast"] = None
print(type(compile("a + b", "<s>", "eval", 0x400).body).__name__)
del sys.modules["_ast"]
print(type(compile("x = 1", "<s>", "exec", 1024)).__name__, "_ast" in sys.modules)
import ast

print(type(ast.parse("f(x)").body[0].value).__name__)
