"""Automatic mode's source transformation: the script's functions that pynum may
compile get the `__pynum_auto__` decorator, innermost, so the user's own decorators
still apply on top and line numbers do not move."""

import ast


def compile_with_dispatchers(source, filename, names):
    tree = ast.parse(source, filename)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in names:
            node.decorator_list.append(
                ast.Name(id="__pynum_auto__", ctx=ast.Load(), lineno=node.lineno, col_offset=node.col_offset,
                         end_lineno=node.lineno, end_col_offset=node.col_offset)
            )
    return compile(tree, filename, "exec", dont_inherit=True)
