"""Automatic mode's source transformation, done once before the script runs:

1. The script's functions that pynum may compile whole get the `__pynum_auto__`
   decorator, innermost, so the user's own decorators still apply on top and no line
   number moves.
2. Loop-lifting: in the other functions, a top-level `for ... in range(...)` or `while`
   loop whose body only computes on local names becomes a call to a hidden function
   that runs the loop (also under `__pynum_auto__`): the names the loop needs go in, the
   names read after it come back. The loop keeps its line numbers.

A loop is lifted only when this is exact: the function has no nested scopes and no
`global`/`nonlocal`; every name the loop reads is bound before it or assigned at the top
of each iteration before being read; every name returned was bound before the loop (so a
loop that runs zero times returns the old values). Anything else stays as written.
"""

import ast

# Calls a lifted loop may make: builtins native code implements, `math`, and the
# script's candidate functions. Anything else might recurse through Python frames, and a
# lifted loop that stayed interpreted would add one frame per level.
_NATIVE_BUILTINS = frozenset({"abs", "min", "max", "int", "float", "round", "bool", "range", "pow", "divmod"})

_PURE_EXPRESSIONS = (ast.Name, ast.Constant, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare,
                     ast.IfExp, ast.Call, ast.Tuple, ast.Attribute, ast.operator, ast.unaryop,
                     ast.boolop, ast.cmpop, ast.expr_context)


def _names(node, ctx):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ctx)}


_callable_names = frozenset()


def _pure_expression(node):
    for n in ast.walk(node):
        if not isinstance(n, _PURE_EXPRESSIONS):
            return False
        if isinstance(n, ast.Call):
            if n.keywords:
                return False
            named = isinstance(n.func, ast.Name) and n.func.id in _NATIVE_BUILTINS | _callable_names
            in_math = isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name) and n.func.value.id == "math"
            if not (named or in_math):
                return False
        if isinstance(n, ast.Attribute) and not (isinstance(n.value, ast.Name) and n.value.id == "math"):
            return False
        if isinstance(n, ast.Constant) and not isinstance(n.value, (int, float, bool, type(None))):
            return False
    return True


def _simple_target(target):
    if isinstance(target, ast.Name):
        return True
    return isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name) for e in target.elts)


def _pure_statement(stmt):
    if isinstance(stmt, ast.Assign):
        return all(_simple_target(t) for t in stmt.targets) and _pure_expression(stmt.value)
    if isinstance(stmt, ast.AugAssign):
        return isinstance(stmt.target, ast.Name) and _pure_expression(stmt.value)
    if isinstance(stmt, ast.If):
        return _pure_expression(stmt.test) and all(map(_pure_statement, stmt.body + stmt.orelse))
    if isinstance(stmt, (ast.Break, ast.Continue, ast.Pass)):
        return True
    if isinstance(stmt, (ast.For, ast.While)):
        return _liftable_loop_shape(stmt)
    return False


def _liftable_loop_shape(loop):
    if loop.orelse:
        return False
    if isinstance(loop, ast.For):
        if not (isinstance(loop.target, ast.Name) and isinstance(loop.iter, ast.Call)
                and isinstance(loop.iter.func, ast.Name) and loop.iter.func.id == "range"
                and _pure_expression(loop.iter)):
            return False
    elif not _pure_expression(loop.test):
        return False
    return all(map(_pure_statement, loop.body))


def _assigned_before_read(name, loop):
    """Whether each iteration binds `name` before any read of it (so the lifted code
    never reads it unbound where Python would raise)."""
    if isinstance(loop, ast.For) and loop.target.id == name:
        return True
    for position, stmt in enumerate(loop.body):
        if name not in _names(stmt, ast.Load) | _names(stmt, ast.Store):
            continue
        if isinstance(stmt, ast.Assign):
            # Unconditional at the top of the body: bound for the rest of the iteration.
            return name not in _names(stmt.value, ast.Load) and any(name in _names(t, ast.Store) for t in stmt.targets)
        if isinstance(stmt, ast.For) and stmt.target.id == name and name not in _names(stmt.iter, ast.Load):
            # An inner loop's variable, read only inside that loop.
            return all(name not in _names(later, ast.Load) for later in loop.body[position + 1:])
        return False
    return True


def _has_nested_scope_or_declaration(func):
    for node in ast.walk(func):
        if node is func:
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef,
                             ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp,
                             ast.Global, ast.Nonlocal)):
            return True
    return False


def _lift_loops(func, index):
    """Rewrites `func` in place; returns the hidden loop functions to define before it."""
    if _has_nested_scope_or_declaration(func) or func.args.vararg or func.args.kwarg:
        return []
    params = {a.arg for a in func.args.posonlyargs + func.args.args + func.args.kwonlyargs}
    local_names = params | _names(func, ast.Store)
    lifted = []
    bound = set(params)
    new_body = []
    for stmt in func.body:
        if isinstance(stmt, (ast.For, ast.While)) and _liftable_loop_shape(stmt):
            call = _lift(func, stmt, index + len(lifted), bound, local_names)
            if call is not None:
                lifted.append(call[0])
                new_body.append(call[1])
                continue
        new_body.append(stmt)
        if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            bound |= _names(stmt, ast.Store)
    func.body = new_body
    return lifted


def _lift(func, loop, number, bound, local_names):
    used = (_names(loop, ast.Load) | _names(loop, ast.Store)) & local_names
    inputs = sorted(name for name in used if name in bound)
    for name in used - bound:
        if not _assigned_before_read(name, loop):
            return None
    outside = set()
    for stmt in func.body:
        if stmt is not loop:
            outside |= _names(stmt, ast.Load)
    outputs = sorted(_names(loop, ast.Store) & outside)
    if any(name not in bound for name in outputs):
        return None
    name = "__pynum_loop_%s_%d_%d" % (func.name, loop.lineno, number)
    position = dict(lineno=loop.lineno, col_offset=loop.col_offset,
                    end_lineno=loop.lineno, end_col_offset=loop.col_offset)
    result = ast.Tuple(elts=[ast.Name(id=o, ctx=ast.Load(), **position) for o in outputs], ctx=ast.Load(), **position)
    hidden = ast.FunctionDef(
        name=name,
        args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=i, **position) for i in inputs], vararg=None,
                           kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]),
        body=[loop, ast.Return(value=result, **position)],
        decorator_list=[ast.Name(id="__pynum_auto__", ctx=ast.Load(), **position)],
        returns=None, type_comment=None, type_params=[], **position)
    call = ast.Call(func=ast.Name(id=name, ctx=ast.Load(), **position),
                    args=[ast.Name(id=i, ctx=ast.Load(), **position) for i in inputs], keywords=[], **position)
    if outputs:
        target = ast.Tuple(elts=[ast.Name(id=o, ctx=ast.Store(), **position) for o in outputs], ctx=ast.Store(), **position)
        statement = ast.Assign(targets=[target], value=call, type_comment=None, **position)
    else:
        statement = ast.Expr(value=call, **position)
    return hidden, statement


def compile_with_dispatchers(source, filename, names):
    global _callable_names
    _callable_names = frozenset(names)
    tree = ast.parse(source, filename)
    body = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            # Lifted loops run natively even when the whole function does not compile;
            # when it does, it calls them as native functions.
            body.extend(_lift_loops(node, len(body)))
            if node.name in names:
                node.decorator_list.append(
                    ast.Name(id="__pynum_auto__", ctx=ast.Load(), lineno=node.lineno, col_offset=node.col_offset,
                             end_lineno=node.lineno, end_col_offset=node.col_offset)
                )
        body.append(node)
    tree.body = body
    return compile(tree, filename, "exec", dont_inherit=True)
