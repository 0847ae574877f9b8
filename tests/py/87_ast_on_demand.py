# `_ast` is imported on demand: compile() asking for an AST before anything imported
# `ast` (flags positional and by keyword), then `ast` and `_ast` as usual.
import sys

print("_ast" in sys.modules)
tree = compile("x = 1 + 2", "<s>", "exec", 0x400)
print(type(tree).__name__, [type(node).__name__ for node in tree.body])
tree = compile("y", "<s>", "eval", flags=0x400)
print(type(tree).__name__, type(tree.body).__name__)
print(compile.__name__, compile.__module__, compile.__self__ is __import__("builtins"))

import ast

print(type(ast.parse("a + b").body[0].value.op).__name__)
exec(compile(ast.parse("print('from an AST', 3)"), "<a>", "exec"))
print(eval(compile("2 * 21", "f", "eval", flags=0, dont_inherit=True)))
try:
    compile("1", "f", "eval", flags="x")
except TypeError as error:
    print("TypeError", error)

import _ast

print(_ast.AST is ast.AST, hasattr(_ast, "BinOp"))
