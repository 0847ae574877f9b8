# Exercises: a hand-written character tokenizer, recursive-descent parser, AST node classes and a tree-walking evaluator.
REPEAT = 5

SOURCE = """
fn fib(n) {
  if n < 2 { return n; }
  return fib(n - 1) + fib(n - 2);
}
fn is_prime(n) {
  if n < 2 { return 0; }
  let d = 2;
  while d * d <= n {
    if n % d == 0 { return 0; }
    d = d + 1;
  }
  return 1;
}
fn collatz(n) {
  let steps = 0;
  while n != 1 {
    if n % 2 == 0 { n = n / 2; } else { n = 3 * n + 1; }
    steps = steps + 1;
  }
  return steps;
}
let total = 0;
let i = 0;
while i < 600 {
  total = total + is_prime(i);
  i = i + 1;
}
print("primes", total);
print("fib", fib(16));
let best = 0;
let arg = 0;
i = 1;
while i < 300 {
  let c = collatz(i);
  if c > best { best = c; arg = i; }
  i = i + 1;
}
print("collatz", arg, best);
let s = "";
i = 0;
while i < 12 { s = s + "ab"; i = i + 1; }
print("concat", s);
"""


class Token:
    __slots__ = ("kind", "text", "line")

    def __init__(self, kind, text, line):
        self.kind = kind
        self.text = text
        self.line = line

    def __repr__(self):
        return "%s:%s" % (self.kind, self.text)


KEYWORDS = {"fn", "let", "if", "else", "while", "return", "print"}
TWO_CHAR = {"==", "!=", "<=", ">="}
SINGLE = set("+-*/%<>=(){};,")


def tokenize(src):
    tokens = []
    i = 0
    line = 1
    n = len(src)
    while i < n:
        ch = src[i]
        if ch == "\n":
            line += 1
            i += 1
        elif ch.isspace():
            i += 1
        elif ch.isdigit():
            j = i
            while j < n and src[j].isdigit():
                j += 1
            tokens.append(Token("num", src[i:j], line))
            i = j
        elif ch.isalpha() or ch == "_":
            j = i
            while j < n and (src[j].isalnum() or src[j] == "_"):
                j += 1
            word = src[i:j]
            tokens.append(Token("kw" if word in KEYWORDS else "name", word, line))
            i = j
        elif ch == '"':
            j = src.index('"', i + 1)
            tokens.append(Token("str", src[i + 1:j], line))
            i = j + 1
        elif src[i:i + 2] in TWO_CHAR:
            tokens.append(Token("op", src[i:i + 2], line))
            i += 2
        elif ch in SINGLE:
            tokens.append(Token("op", ch, line))
            i += 1
        else:
            raise SyntaxError("unexpected %r on line %d" % (ch, line))
    tokens.append(Token("eof", "", line))
    return tokens


class Node:
    pass


class Num(Node):
    def __init__(self, value):
        self.value = value

    def eval(self, env):
        return self.value


class Str(Node):
    def __init__(self, value):
        self.value = value

    def eval(self, env):
        return self.value


class Var(Node):
    def __init__(self, name):
        self.name = name

    def eval(self, env):
        return env.get(self.name)


class BinOp(Node):
    OPS = {
        "+": lambda a, b: a + b,
        "-": lambda a, b: a - b,
        "*": lambda a, b: a * b,
        "/": lambda a, b: a // b,
        "%": lambda a, b: a % b,
        "<": lambda a, b: int(a < b),
        ">": lambda a, b: int(a > b),
        "<=": lambda a, b: int(a <= b),
        ">=": lambda a, b: int(a >= b),
        "==": lambda a, b: int(a == b),
        "!=": lambda a, b: int(a != b),
    }

    def __init__(self, op, left, right):
        self.op = op
        self.fn = self.OPS[op]
        self.left = left
        self.right = right

    def eval(self, env):
        return self.fn(self.left.eval(env), self.right.eval(env))


class Call(Node):
    def __init__(self, name, args):
        self.name = name
        self.args = args

    def eval(self, env):
        fn = env.get(self.name)
        return fn.invoke([a.eval(env) for a in self.args], env)


class ReturnSignal(Exception):
    def __init__(self, value):
        self.value = value


class Block(Node):
    def __init__(self, stmts):
        self.stmts = stmts

    def eval(self, env):
        for s in self.stmts:
            s.eval(env)


class Let(Node):
    def __init__(self, name, expr):
        self.name = name
        self.expr = expr

    def eval(self, env):
        env.define(self.name, self.expr.eval(env))


class Assign(Let):
    def eval(self, env):
        env.assign(self.name, self.expr.eval(env))


class If(Node):
    def __init__(self, cond, then, other):
        self.cond = cond
        self.then = then
        self.other = other

    def eval(self, env):
        if self.cond.eval(env):
            self.then.eval(env)
        elif self.other is not None:
            self.other.eval(env)


class While(Node):
    def __init__(self, cond, body):
        self.cond = cond
        self.body = body

    def eval(self, env):
        while self.cond.eval(env):
            self.body.eval(env)


class Return(Node):
    def __init__(self, expr):
        self.expr = expr

    def eval(self, env):
        raise ReturnSignal(self.expr.eval(env))


class Print(Node):
    def __init__(self, args):
        self.args = args

    def eval(self, env):
        env.output.append(" ".join(str(a.eval(env)) for a in self.args))


class FnDef(Node):
    def __init__(self, name, params, body):
        self.name = name
        self.params = params
        self.body = body

    def eval(self, env):
        env.define(self.name, Function(self, env))

    def invoke(self, args, env):
        raise TypeError("not callable")


class Function:
    def __init__(self, decl, closure):
        self.decl = decl
        self.closure = closure

    def invoke(self, args, env):
        frame = Env(self.closure)
        for p, a in zip(self.decl.params, args):
            frame.vars[p] = a
        try:
            self.decl.body.eval(frame)
        except ReturnSignal as r:
            return r.value
        return 0


class Env:
    def __init__(self, parent=None):
        self.vars = {}
        self.parent = parent
        self.output = parent.output if parent is not None else []

    def find(self, name):
        env = self
        while env is not None:
            if name in env.vars:
                return env
            env = env.parent
        raise NameError(name)

    def get(self, name):
        return self.find(name).vars[name]

    def define(self, name, value):
        self.vars[name] = value

    def assign(self, name, value):
        self.find(name).vars[name] = value


class Parser:
    PRECEDENCE = [("==", "!="), ("<", ">", "<=", ">="), ("+", "-"), ("*", "/", "%")]

    def __init__(self, tokens):
        self.tokens = tokens
        self.pos = 0

    def peek(self):
        return self.tokens[self.pos]

    def advance(self):
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok

    def expect(self, text):
        tok = self.advance()
        if tok.text != text:
            raise SyntaxError("expected %r got %r on line %d" % (text, tok.text, tok.line))
        return tok

    def program(self):
        stmts = []
        while self.peek().kind != "eof":
            stmts.append(self.statement())
        return Block(stmts)

    def block(self):
        self.expect("{")
        stmts = []
        while self.peek().text != "}":
            stmts.append(self.statement())
        self.expect("}")
        return Block(stmts)

    def statement(self):
        tok = self.peek()
        if tok.kind == "kw":
            if tok.text == "fn":
                self.advance()
                name = self.advance().text
                self.expect("(")
                params = []
                while self.peek().text != ")":
                    params.append(self.advance().text)
                    if self.peek().text == ",":
                        self.advance()
                self.expect(")")
                return FnDef(name, params, self.block())
            if tok.text == "let":
                self.advance()
                name = self.advance().text
                self.expect("=")
                expr = self.expression()
                self.expect(";")
                return Let(name, expr)
            if tok.text == "if":
                self.advance()
                cond = self.expression()
                then = self.block()
                other = None
                if self.peek().text == "else":
                    self.advance()
                    other = self.block()
                return If(cond, then, other)
            if tok.text == "while":
                self.advance()
                cond = self.expression()
                return While(cond, self.block())
            if tok.text == "return":
                self.advance()
                expr = self.expression()
                self.expect(";")
                return Return(expr)
            if tok.text == "print":
                self.advance()
                self.expect("(")
                args = self.arguments()
                self.expect(";")
                return Print(args)
        if tok.kind == "name" and self.tokens[self.pos + 1].text == "=":
            self.advance()
            self.advance()
            expr = self.expression()
            self.expect(";")
            return Assign(tok.text, expr)
        expr = self.expression()
        self.expect(";")
        return expr

    def arguments(self):
        args = []
        while self.peek().text != ")":
            args.append(self.expression())
            if self.peek().text == ",":
                self.advance()
        self.expect(")")
        return args

    def expression(self, level=0):
        if level == len(self.PRECEDENCE):
            return self.primary()
        left = self.expression(level + 1)
        ops = self.PRECEDENCE[level]
        while self.peek().text in ops and self.peek().kind == "op":
            op = self.advance().text
            left = BinOp(op, left, self.expression(level + 1))
        return left

    def primary(self):
        tok = self.advance()
        if tok.kind == "num":
            return Num(int(tok.text))
        if tok.kind == "str":
            return Str(tok.text)
        if tok.kind == "name":
            if self.peek().text == "(":
                self.advance()
                return Call(tok.text, self.arguments())
            return Var(tok.text)
        if tok.text == "(":
            e = self.expression()
            self.expect(")")
            return e
        raise SyntaxError("unexpected %r on line %d" % (tok.text, tok.line))


def count_nodes(node):
    total = 1
    for value in vars(node).values():
        if isinstance(value, Node):
            total += count_nodes(value)
        elif isinstance(value, list):
            total += sum(count_nodes(v) for v in value if isinstance(v, Node))
    return total


def main():
    outputs = None
    ntok = 0
    for _ in range(REPEAT):
        tokens = tokenize(SOURCE * 2)
        ntok = len(tokens)
        tree = Parser(tokens).program()
        env = Env()
        tree.eval(env)
        outputs = env.output
    kinds = {}
    for t in tokens:
        kinds[t.kind] = kinds.get(t.kind, 0) + 1
    print("tokens", ntok, sorted(kinds.items()), tokens[:4])
    print("nodes", count_nodes(tree))
    for line in outputs:
        print(line)


main()
