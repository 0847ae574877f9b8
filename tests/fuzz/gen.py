"""The differential fuzzer's program generator (issue 14, item 1): one seed makes one random,
valid Python program over ints, floats and bools, from a weighted grammar with depth limits.

`python3 tests/fuzz/gen.py SEED` prints the program for SEED; `generate(seed)` returns it.
The same seed always gives the same text (only `random.Random(seed)` is consulted), so a
seed is a complete bug report.

Programs are built to exercise automatic mode: functions with loops (compiled at their
first call), loop-free functions called more than 8 times (compiled after 8 calls), loops
of more than 1000 iterations (on-stack replacement), module-level loops (half of them
outside any `try`, so that lifting takes them), a method, the `math` functions of the JIT's
ops registry, bounded recursion, values near +-2**63 and +-2**64, zero divisors, inf, nan, -0.0, variables that
change type late in a loop, and dict or str operations next to numeric loops (the JIT must
reject or lift around them), and module globals holding numbers and lists that functions
read, rebound between calls (folded in, passed in, or refused). Every call is wrapped in try/except that prints the exception,
so one error does not hide the rest; some programs end with a call outside any try, so the
traceback and exit status are compared too. Integers are clamped inside loops so that no
program builds huge numbers and each runs in a few milliseconds under CPython.
"""
import random
import sys

SMALL_INT_LITERALS = ["0", "1", "2", "3", "5", "7", "-1", "-2", "-3", "-7", "10", "100", "255", "-128", "-9", "12345678901"]
# Near +-2**63 and +-2**64. Literals that do not fit in 64 bits keep a function out of native
# code, so they are rarer than the ones that do.
BIG_INT_LITERALS = [
    "2**31", "2**62", "2**63 - 1", "-2**63", "-2**63 + 1", "4611686018427387904", "9223372036854775807",
    "2**63", "-2**63 - 1", "2**64 - 1", "2**64", "-2**64", "10**20",
]
INT_LITERALS = SMALL_INT_LITERALS * 4 + BIG_INT_LITERALS
FLOAT_LITERALS = [
    "0.0", "-0.0", "0.5", "-1.5", "2.5", "3.0", "1e300", "-1e308", "1e-310", "float('inf')", "-float('inf')",
    "float('nan')", "INF", "NAN", "9.223372036854776e18", "1.8446744073709552e19", "0.1", "-7.25", "1e16",
]
# The `math` entries of the JIT's ops registry (jit/src/ops.rs) and their arities. The CI
# batch's coverage report (tests/fuzz.rs) fails when a registry entry is not exercised, so
# an entry added there and not here is caught.
MATH_FLOAT_FUNCTIONS = {
    "sqrt": 1, "fabs": 1, "sin": 1, "cos": 1, "tan": 1, "asin": 1, "acos": 1, "atan": 1, "sinh": 1,
    "cosh": 1, "tanh": 1, "acosh": 1, "atanh": 1, "exp": 1, "expm1": 1, "log": 1, "log2": 1,
    "log10": 1, "log1p": 1, "erf": 1, "erfc": 1, "gamma": 1, "lgamma": 1, "degrees": 1,
    "radians": 1, "hypot": 2, "atan2": 2, "pow": 2, "copysign": 2, "fmod": 2,
}
MATH_INT_FUNCTIONS = ["floor", "ceil", "trunc"]
MATH_BOOL_FUNCTIONS = ["isnan", "isinf", "isfinite"]
MATH_CONSTANTS = ["math.pi", "math.e", "math.tau", "math.inf", "math.nan"]
ARITH_OPS = ["+", "-", "*", "/", "//", "%", "**"]
INT_OPS = ["&", "|", "^", "<<", ">>"]
COMPARE_OPS = ["<", "<=", ">", ">=", "==", "!="]
# Small enough to fit in 64 bits (a bigger literal keeps the loop out of native code) and
# to keep every loop from building a huge integer; products of clamped values still cross
# 2**63 and 2**64.
CLAMP = "4611686018427387904"


class ProgramGenerator:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.seed = seed
        self.lines = []
        self.functions = []  # (name, arity, has_loop, mode, contains_loop)
        # "int" and "float" functions keep every value of one type, so that the JIT compiles
        # them (it rejects a variable that holds an int and a float); "mixed" ones do not.
        self.mode = "mixed"
        self.math_calls = 0

    # ----- helpers -----
    def chance(self, p):
        return self.rng.random() < p

    def pick(self, options):
        return self.rng.choice(options)

    def emit(self, indent, text):
        self.lines.append("    " * indent + text)

    # ----- expressions -----
    def literal(self, mode=None):
        return parenthesized(self.bare_literal(mode))

    def bare_literal(self, mode=None):
        mode = mode or self.mode
        if mode == "int":
            return self.pick(INT_LITERALS[:-4])
        if mode == "float":
            return self.pick(MATH_CONSTANTS) if self.chance(0.08) else self.pick(FLOAT_LITERALS)
        roll = self.rng.random()
        if roll < 0.5:
            return self.pick(INT_LITERALS)
        if roll < 0.82:
            return self.pick(FLOAT_LITERALS)
        if roll < 0.85:
            return self.pick(MATH_CONSTANTS)
        return self.pick(["True", "False"])

    def leaf(self, names):
        if names and self.chance(0.7):
            return self.pick(names)
        return self.literal()

    def int_leaf(self, int_names):
        if int_names and self.chance(0.7):
            return self.pick(int_names)
        return self.pick(INT_LITERALS + ["True", "False"])

    def int_expr(self, int_names, depth):
        """An expression meant to be an int (bitwise operators need one)."""
        if depth <= 0 or self.chance(0.4):
            return self.int_leaf(int_names)
        op = self.pick(INT_OPS + ["+", "-", "*", "//", "%"])
        left = self.int_expr(int_names, depth - 1)
        if op in ("<<", ">>"):
            right = self.pick(["0", "1", "3", "17", "31", "63", "64", "65", "70", f"({self.int_leaf(int_names)} & 63)", "-1"])
            if right == "-1" and not self.chance(0.2):
                right = "2"
        else:
            right = self.int_expr(int_names, depth - 1)
        return f"({left} {op} {right})"

    def expr(self, names, int_names, depth):
        if depth <= 0 or self.chance(0.25):
            return self.leaf(names)
        roll = self.rng.random()
        if self.mode == "float" and 0.45 <= roll < 0.6:
            roll = 0.3
        if roll < 0.45:
            op = self.pick(ARITH_OPS)
            if self.mode == "int" and op == "/":
                op = "//"
            left = self.expr(names, int_names, depth - 1)
            if op == "**" and self.mode == "int":
                right = self.pick(["0", "1", "2", "3", f"({self.leaf(int_names or names)} % 4)"])
            elif op == "**" and self.mode == "float":
                right = self.pick(["0.0", "1.0", "2.0", "3.0", "-1.0", "0.5", "-2.0"])
            elif op == "**":
                right = self.pick(["0", "1", "2", "3", "-1", "-2", "0.5", "2.0", f"({self.leaf(int_names or names)} % 4)"])
            else:
                right = self.expr(names, int_names, depth - 1)
            return f"({left} {op} {right})"
        if roll < 0.6:
            return self.int_expr(int_names, depth)
        if roll < 0.68:
            return self.unary(names, int_names, depth)
        if roll < 0.78:
            return self.comparison(names, int_names, depth - 1)
        if roll < 0.84:
            cond = self.comparison(names, int_names, depth - 1)
            return f"({self.expr(names, int_names, depth - 1)} if {cond} else {self.expr(names, int_names, depth - 1)})"
        if roll < 0.92 and self.chance(0.5):
            return self.math_call(names, int_names, depth)
        if roll < 0.92:
            fn = self.pick({"int": ["abs", "min", "max", "int", "divmod_first", "pow", "round_digits"], "float": ["abs", "min", "max", "float", "divmod_first", "pow", "round_digits"]}.get(self.mode, ["abs", "min", "max", "int", "float", "round", "bool", "divmod_first", "pow", "round_digits"]))
            a = self.expr(names, int_names, depth - 1)
            if fn in ("min", "max"):
                return f"{fn}({a}, {self.expr(names, int_names, depth - 1)})"
            if fn == "pow":
                exponent = self.pick(["0", "1", "2", "3", "-1", f"({self.leaf(int_names or names)} % 4)"])
                return f"pow({a}, {exponent if self.mode != 'float' else self.pick(['2.0', '0.5', '-1.0'])})"
            if fn == "round_digits":
                # round(x, n) keeps x's type (an int stays an int), n negative too.
                return f"round({a}, {self.pick(['0', '1', '2', '-1', '-2'])})"
            if fn == "divmod_first":
                return f"divmod({a}, {self.expr(names, int_names, depth - 1)})[{self.pick(['0', '1'])}]"
            return f"{fn}({a})"
        if roll < 0.96 and self.mode == "mixed" and self.chance(0.3):
            # `&`, `|` and `^` of two bools (a bool result, not an int).
            left, right = self.comparison(names, int_names, depth - 1), self.comparison(names, int_names, depth - 1)
            return f"({left} {self.pick(['&', '|', '^'])} {right})"
        if roll < 0.96:
            return f"({self.expr(names, int_names, depth - 1)} {self.pick(['and', 'or'])} {self.expr(names, int_names, depth - 1)})"
        # Only functions without any loop are called from expressions: a call inside the
        # caller's nested loops multiplies their trips (seed 1581 called a function with
        # two nested loops 176,000 times: 6.7 s under CPython, 30 s under the interpreter).
        callable_ = [f for f in self.functions if not f[2] and not f[4] and f[3] == self.mode]
        if callable_:
            name, arity, _, _, _ = self.pick(callable_)
            args = ", ".join(self.leaf(names) for _ in range(arity))
            return f"{name}({args})[0]"
        return self.leaf(names)

    def math_call(self, names, int_names, depth):
        """A `math` function of the registry, its result kept to the function's mode: an
        int function calls `floor`/`ceil`/`trunc` only, a float one wraps the int and bool
        results in `float(...)`."""
        kind = self.pick(["float"] * 6 + ["int", "bool"]) if self.mode != "int" else "int"
        if kind == "float":
            # In turn from a place the seed picks: over a batch of seeds every function is
            # called about as often (a random pick left one out of 2,000 programs' native
            # code by chance).
            functions = sorted(MATH_FLOAT_FUNCTIONS)
            name = functions[(self.seed + self.math_calls) % len(functions)]
            self.math_calls += 1
            args = ", ".join(self.expr(names, int_names, depth - 1) for _ in range(MATH_FLOAT_FUNCTIONS[name]))
            return f"math.{name}({args})"
        name = self.pick(MATH_INT_FUNCTIONS if kind == "int" else MATH_BOOL_FUNCTIONS)
        call = f"math.{name}({self.expr(names, int_names, depth - 1)})"
        return f"float({call})" if self.mode == "float" else call

    def math_function(self):
        """Three `math` functions of the registry (in turn over seeds: every one in a
        tenth of the programs) and one of its predicates in a loop-free float function
        called ten times, so that it compiles after its eighth call: each entry reaches
        native code in a batch of programs."""
        functions = sorted(MATH_FLOAT_FUNCTIONS)
        chosen = [functions[(self.seed * 3 + k) % len(functions)] for k in range(3)]
        calls = [f"math.{name}(x{', y' if MATH_FLOAT_FUNCTIONS[name] == 2 else ''})" for name in chosen]
        calls.append(f"float(math.{MATH_BOOL_FUNCTIONS[self.seed % len(MATH_BOOL_FUNCTIONS)]}(y))")
        self.emit(0, "def fmath(x, y):")
        self.emit(1, f"return ({', '.join(calls)},)")
        self.emit(0, "")
        points = ", ".join(f"({self.pick(FLOAT_LITERALS)}, {self.pick(FLOAT_LITERALS)})" for _ in range(10))
        self.emit(0, f"for args in [{points}]:")
        self.call_with_report(1, "fmath(*args)", "fmath")

    def unary(self, names, int_names, depth):
        op = self.pick(["-", "+", "~", "not "] if self.mode == "mixed" else ["-", "+", "-", "~" if self.mode == "int" else "-"])
        if op == "~":
            return f"(~{self.int_expr(int_names, depth - 1)})"
        return f"({op}{self.expr(names, int_names, depth - 1)})"

    def comparison(self, names, int_names, depth):
        parts = [self.expr(names, int_names, max(depth, 0))]
        for _ in range(self.pick([1, 1, 1, 2])):
            parts.append(self.pick(COMPARE_OPS))
            parts.append(self.expr(names, int_names, max(depth, 0)))
        return "(" + " ".join(parts) + ")"

    # ----- statements -----
    def assignment(self, indent, names, int_names, in_loop):
        # Loop counters are read, never written: a while loop must end.
        names = [n for n in names if not n.startswith("i")]
        int_names = [n for n in int_names if not n.startswith("i")]
        target = self.pick(names)
        roll = self.rng.random()
        if roll < 0.5 and len(names) >= 2 and self.chance(0.08):
            # Both halves of a divmod at once, as a statement: `divmod(a, b)[k]` inside
            # expressions almost never landed in a region that compiles (no native
            # `divmod` in 1,600 programs).
            quotient, remainder = self.rng.sample(names, 2)
            left, right = self.expr(names, int_names, 2), self.expr(names, int_names, 2)
            self.emit(indent, f"{quotient}, {remainder} = divmod({left}, {right})")
            if in_loop:
                for name in (quotient, remainder):
                    self.emit(indent, f"if {name} > {CLAMP} or {name} < -{CLAMP}:")
                    self.emit(indent + 1, f"{name} = {name} % {self.pick(['1000003', '97', '65537'])}")
            return
        if roll < 0.5:
            self.emit(indent, f"{target} = {self.expr(names, int_names, 3)}")
        elif roll < 0.8:
            op = self.pick(["+=", "-=", "*=", "//=", "%=", "/=", "**=" if not in_loop else "+="])
            value = self.pick(["2", "-1", "3"]) if op == "**=" else self.expr(names, int_names, 2)
            self.emit(indent, f"{target} {op} {value}")
        else:
            int_target = self.pick(int_names) if int_names else target
            op = self.pick(["&=", "|=", "^=", "<<=", ">>="])
            value = self.pick(["1", "3", "7"]) if op in ("<<=", ">>=") else self.int_expr(int_names, 2)
            self.emit(indent, f"{int_target} {op} {value}")
            target = int_target
        if in_loop:
            # Keeps integers from growing without bound (and turns runaway floats into nan).
            self.emit(indent, f"if {target} > {CLAMP} or {target} < -{CLAMP}:")
            self.emit(indent + 1, f"{target} = {target} % {self.pick(['1000003', '97', '65537'])}")

    def block(self, indent, names, int_names, depth, budget, loop_depth, containers):
        count = self.rng.randint(1, 3 if depth > 0 else 4)
        for _ in range(count):
            self.statement(indent, names, int_names, depth, budget, loop_depth, containers)

    def statement(self, indent, names, int_names, depth, budget, loop_depth, containers):
        roll = self.rng.random()
        in_loop = loop_depth > 0
        if depth <= 0 or roll < 0.4:
            self.simple_statement(indent, names, int_names, in_loop, loop_depth, containers)
            return
        if roll < 0.6:
            self.emit(indent, f"if {self.comparison(names, int_names, 2)}:")
            self.block(indent + 1, names, int_names, depth - 1, budget, loop_depth, containers)
            for _ in range(self.pick([0, 0, 1, 2])):
                self.emit(indent, f"elif {self.comparison(names, int_names, 2)}:")
                self.block(indent + 1, names, int_names, depth - 1, budget, loop_depth, containers)
            if self.chance(0.5):
                self.emit(indent, "else:")
                self.block(indent + 1, names, int_names, depth - 1, budget, loop_depth, containers)
            return
        if loop_depth >= 2:
            self.simple_statement(indent, names, int_names, in_loop, loop_depth, containers)
            return
        # A loop: long ones (past the on-stack-replacement threshold) only at the outer level.
        long_loop = loop_depth == 0 and budget[0] > 0 and self.chance(0.5)
        trips = self.pick(["1200", "1500", "2000"]) if long_loop else self.pick(["0", "1", "3", "7", "20"])
        if long_loop:
            budget[0] -= 1
        counter = f"i{loop_depth}"
        loop_names = names + [counter]
        loop_ints = int_names + [counter]
        shape = self.rng.random()
        if shape < 0.1 and containers and not long_loop:
            # Iteration over a container (the element is a new name, the counter counts).
            self.emit(indent, f"{counter} = 0")
            self.emit(indent, f"for e{loop_depth} in {self.pick(containers)}:")
            self.emit(indent + 1, f"{counter} += 1")
            loop_names = loop_names + [f"e{loop_depth}"]
        elif shape < 0.2:
            # An endless loop left by a break once the counter is done.
            self.emit(indent, f"{counter} = 0")
            self.emit(indent, "while True:")
            self.emit(indent + 1, f"{counter} += 1")
            self.emit(indent + 1, f"if {counter} > {trips}:")
            self.emit(indent + 2, "break")
        elif shape < 0.65:
            start = self.pick(["", "-3, ", "2, "])
            step = self.pick(["", "", ", 2"]) if not start.startswith("-") else ""
            self.emit(indent, f"for {counter} in range({start}{trips}{step}):")
        else:
            self.emit(indent, f"{counter} = 0")
            self.emit(indent, f"while {counter} < {trips}:")
            self.emit(indent + 1, f"{counter} += 1")
        if long_loop and self.chance(0.4):
            # A variable that changes type after many iterations.
            victim = self.pick([n for n in names if not n.startswith('i')])
            self.emit(indent + 1, f"if {counter} == {self.pick(['1100', '1001', '1199'])}:")
            self.emit(indent + 2, f"{victim} = {self.pick(['0.5', '-0.0', 'NAN', '2**64', 'True', '7'])}")
        self.block(indent + 1, loop_names, loop_ints, depth - 1, budget, loop_depth + 1, containers)
        if self.chance(0.5):
            self.emit(indent + 1, f"if {self.comparison(loop_names, loop_ints, 1)}:")
            self.emit(indent + 2, self.pick(["break", "continue", f"return ({self.pick(names)}, {counter})"]))
            self.block(indent + 1, loop_names, loop_ints, 0, budget, loop_depth + 1, containers)
        if self.chance(0.25):
            self.emit(indent, "else:")
            self.emit(indent + 1, f"{self.pick([n for n in names if not n.startswith('i')])} += 1")

    def simple_statement(self, indent, names, int_names, in_loop, loop_depth, containers):
        if "lst" in containers and self.chance(0.06):
            self.list_statement(indent, names, int_names)
            return
        roll = self.rng.random()
        if roll < 0.08:
            self.made_list(indent, names, int_names)
            return
        if roll < 0.6 or not containers:
            self.assignment(indent, names, int_names, in_loop)
            return
        if "dct" in containers and roll < 0.7:
            self.dict_statement(indent, names, int_names, in_loop)
            return
        if roll < 0.75:
            container = self.pick([c for c in containers if c != "dct"] or ["dct"])
            if container == "dct":
                self.dict_statement(indent, names, int_names, in_loop)
                return
            index = self.pick(int_names + ["0", "-1"]) if int_names else "0"
            # Mostly in range; sometimes as it comes, so that an index out of range (an
            # IndexError, a deoptimization in native code) happens mid-loop.
            raw = self.chance(0.1)
            at = index if raw else f"({index}) % len({container})"
            if container == "ba":
                value = f"{self.int_expr(int_names, 1)}" + (" & 255" if self.chance(0.8) else "")
                self.emit(indent, f"ba[{at}] = {value}")
            elif container == "lst":
                self.emit(indent, f"lst[{at}] = {self.expr(names, int_names, 2)}")
            else:
                target = self.pick([n for n in names if not n.startswith('i')])
                self.emit(indent, f"{target} = {container}[{at}]")
                if in_loop:
                    self.emit(indent, f"if {target} > {CLAMP} or {target} < -{CLAMP}:")
                    self.emit(indent + 1, f"{target} = {target} % 97")
            return
        if roll < 0.82:
            container = self.pick([c for c in containers if c not in ("tup", "dct")] or ["tup"])
            if container not in containers:
                self.assignment(indent, names, int_names, in_loop)
                return
            if container != "tup" and not in_loop:
                self.emit(indent, f"{container}.append({self.int_expr(int_names, 1)} & 127)")
            else:
                target = self.pick([n for n in names if not n.startswith('i')])
                self.emit(indent, f"{target} = {container}[-1]")
                if in_loop:
                    self.emit(indent, f"if {target} > {CLAMP} or {target} < -{CLAMP}:")
                    self.emit(indent + 1, f"{target} = {target} % 97")
            return
        assignable = [n for n in names if not n.startswith("i")]
        if roll < 0.9 and len(assignable) >= 2 and not in_loop:
            a, b = self.rng.sample(assignable, 2)
            self.emit(indent, f"{a}, {b} = {b}, {self.expr(names, int_names, 2)}")
            return
        if roll < 0.95:
            # A dict of str keys (native code takes it; `tag = {}` is typed by its use),
            # next to the str making below, which the JIT must reject or lift around.
            self.emit(indent, f"tag[{self.pick(['n', 'k', 'n'])!r}] = tag.get('n', 0) + 1")
            return
        if loop_depth >= 1:
            self.emit(indent, f"if {self.comparison(names, int_names, 1)}:")
            self.emit(indent + 1, self.pick(["continue", "break"]))
        else:
            self.emit(indent, f"label = 'v' + str({self.pick(names)})[:8]")

    def list_statement(self, indent, names, int_names):
        """What native code does with a whole list: `sum`, `min`, `max`, `in`, slices, a
        comprehension, `enumerate` and `zip` loops, and tuples compared."""
        target = self.pick([n for n in names if not n.startswith("i")])
        kind = self.rng.random()
        if kind < 0.2:
            self.emit(indent, f"{target} = {self.pick(['sum(lst)', 'min(lst)', 'max(lst)', 'sum(lst, 0.5)', 'sum(lst[1:])'])}")
        elif kind < 0.35:
            self.emit(indent, f"{target} = {self.expr(names, int_names, 1)} in lst")
        elif kind < 0.5:
            self.emit(indent, f"made = [{self.pick(['x * 2', 'x + 1', '-x'])} for x in lst{self.pick(['', ' if x > 1', '[::-1]'])}]")
            self.emit(indent, f"{target} = len(made)")
        elif kind < 0.65:
            self.emit(indent, "for ek, ev in enumerate(lst):")
            self.emit(indent + 1, f"{target} = {target} {self.pick(['+', '-'])} ek * ev")
            self.emit(indent + 1, f"if {target} > {CLAMP} or {target} < -{CLAMP}:")
            self.emit(indent + 2, f"{target} = {target} % 97")
        elif kind < 0.8:
            self.emit(indent, f"for za, zb in zip(lst, {self.pick(['lst[1:]', 'range(3)', 'lst'])}):")
            self.emit(indent + 1, f"{target} = {target} {self.pick(['+', '-'])} za * zb")
            self.emit(indent + 1, f"if {target} > {CLAMP} or {target} < -{CLAMP}:")
            self.emit(indent + 2, f"{target} = {target} % 97")
        else:
            a, b = self.expr(names, int_names, 1), self.expr(names, int_names, 1)
            self.emit(indent, f"{target} = ({a}, {b}) {self.pick(['<', '<=', '==', '!=', '>', '>='])} ({b}, {a})")

    def made_list(self, indent, names, int_names):
        """A list the code makes (`[x] * n`, or a display) and reads back: native code
        builds it through the runtime's list helpers, which lists passed in never reach."""
        target = self.pick([n for n in names if not n.startswith("i")])
        if self.chance(0.7):
            count = f"abs({self.pick(int_names)}) % 4 + 1" if int_names else str(self.rng.randint(1, 4))
            self.emit(indent, f"made = [{self.expr(names, int_names, 1)}] * ({count})")
        else:
            self.emit(indent, f"made = [{self.expr(names, int_names, 1)}, {self.expr(names, int_names, 1)}]")
        self.emit(indent, f"{target} = made[-1]")

    def dict_statement(self, indent, names, int_names, in_loop):
        """A dict of small int keys (native code takes it when its values are of one type):
        counting, lookups that may miss (a KeyError), membership, a float stored into
        a dict of ints, and iteration over its items."""
        key = f"({self.int_expr(int_names, 1)}) % {self.pick(['5', '13', '64'])}" if int_names else "3"
        kind = self.rng.random()
        if kind < 0.35:
            self.emit(indent, f"dct[{key}] = dct.get({key}, 0) + 1")
        elif kind < 0.5:
            target = self.pick([n for n in names if not n.startswith('i')])
            self.emit(indent, f"if {key} in dct:")
            self.emit(indent + 1, f"{target} = dct[{key}]")
        elif kind < 0.6:
            target = self.pick([n for n in names if not n.startswith('i')])
            # Sometimes a missing key: KeyError, a deoptimization in native code.
            self.emit(indent, f"{target} = dct[{key}]")
        elif kind < 0.75:
            self.emit(indent, f"dct[{key}] += {self.pick(['1', '2**62', '-7', '0.5'])}")
        elif kind < 0.85 and not in_loop:
            target = self.pick([n for n in names if not n.startswith('i')])
            self.emit(indent, "for dk, dv in dct.items():")
            self.emit(indent + 1, f"{target} = {target} {self.pick(['+', '-', '^'])} dk * dv")
            self.emit(indent + 1, f"if {target} > {CLAMP} or {target} < -{CLAMP}:")
            self.emit(indent + 2, f"{target} = {target} % 97")
        else:
            self.emit(indent, f"dct[{key}] = {self.expr(names, int_names, 1)}")

    # ----- functions and program -----
    def function(self, index):
        arity = self.rng.randint(1, 3)
        params = [f"p{k}" for k in range(arity)]
        has_loop = self.chance(0.7)
        name = f"f{index}"
        self.mode = self.pick(["mixed", "int", "float"])
        self.emit(0, f"def {name}({', '.join(params)}):")
        body_start = len(self.lines)
        locals_ = [f"v{k}" for k in range(self.rng.randint(2, 4))]
        int_locals = []
        for local in locals_:
            if self.chance(0.5):
                self.emit(1, f"{local} = {self.pick(params)}")
                if self.mode == "int":
                    int_locals.append(local)
            else:
                use_int = self.mode == "int" or (self.mode == "mixed" and self.chance(0.6))
                value = self.pick(INT_LITERALS) if use_int else self.pick(FLOAT_LITERALS)
                self.emit(1, f"{local} = {value}")
                if use_int:
                    int_locals.append(local)
        containers = []
        if self.chance(0.5):
            self.emit(1, f"lst = [{', '.join(self.literal() for _ in range(self.rng.randint(1, 4)))}]")
            containers.append("lst")
        if self.chance(0.3):
            self.emit(1, f"ba = bytearray([{', '.join(str(self.rng.randint(0, 255)) for _ in range(self.rng.randint(1, 4)))}])")
            containers.append("ba")
        if self.chance(0.3):
            self.emit(1, f"tup = ({', '.join(self.literal() for _ in range(self.rng.randint(1, 3)))},)")
            containers.append("tup")
        if self.chance(0.3):
            entries = ", ".join(f"{self.rng.randint(-3, 12)}: {self.rng.randint(-5, 50)}" for _ in range(self.rng.randint(0, 4)))
            self.emit(1, f"dct = {{{entries}}}")
            containers.append("dct")
        if self.chance(0.3):
            self.emit(1, "tag = {'n': 0}")
        else:
            self.emit(1, "tag = {}")
        names = params + locals_
        # Module globals (numbers native code folds in under guards, lists it passes in
        # at each call), read into a local, and inside the loop below.
        reads_globals = self.chance(0.5)
        if reads_globals:
            self.emit(1, "g0 = G0 + len(GL)")
            names.append("g0")
            if self.mode != "float":
                int_locals.append("g0")
        if has_loop:
            self.statement(1, names, int_locals, 3, [1], 0, containers)
            # Make sure a loop is there even when the first statement was not one.
            self.emit(1, f"for i0 in range({self.pick(['5', '1100'])}):")
            if reads_globals:
                target = self.pick(locals_)
                if self.mode == "int" or target in int_locals:
                    self.emit(2, f"{target} = ({target} + GL[i0 % len(GL)] * G0) % 1000003")
                else:
                    self.emit(2, f"{target} = {target} + GF[i0 % len(GF)] * G1")
            self.block(2, names + ["i0"], int_locals + ["i0"], 1, [0], 1, containers)
        else:
            self.block(1, names, int_locals, 2, [0], 0, containers)
        results = ", ".join(self.rng.sample(names, min(len(names), 3)) + [f"len({c})" if c == "lst" else f"sorted({c}.items())" if c == "dct" else f"sum({c})" for c in containers if c != "tup"])
        self.emit(1, f"return ({results},)")
        self.emit(0, "")
        contains_loop = any(line.lstrip().startswith(("for ", "while ")) for line in self.lines[body_start:])
        self.functions.append((name, arity, has_loop, self.mode, contains_loop))
        self.mode = "mixed"

    def emit_globals(self, some=False):
        """Binds the module globals functions read (all of them, or `some` of them again):
        an int, a float, a list of ints and a list of floats."""
        small_ints = SMALL_INT_LITERALS[:-1]
        bindings = {
            "G0": self.pick(small_ints),
            "G1": self.pick(FLOAT_LITERALS + ["1", "True"]),
            "GL": "[" + ", ".join(self.pick(small_ints) for _ in range(self.rng.randint(1, 4))) + "]",
            "GF": "[" + ", ".join(self.pick(FLOAT_LITERALS[:10]) for _ in range(self.rng.randint(1, 4))) + "]",
        }
        for name, value in bindings.items():
            if not some or self.chance(0.4):
                self.emit(0, f"{name} = {value}")

    def recursive_function(self):
        self.emit(0, "def rec(n, x):")
        self.emit(1, "if n <= 0:")
        self.emit(2, "return x")
        # Squaring an int at every level grows it doubly exponentially: one program
        # took 11 s of CPython's big-int multiplication. Folded back as the loops do.
        self.emit(1, f"y = {self.expr(['x', 'n'], ['n'], 2)}")
        self.emit(1, "if y > 4611686018427387904 or y < -4611686018427387904:")
        self.emit(2, "y = y % 65537")
        self.emit(1, f"return rec(n - 1, y) {self.pick(['+', '-', '*'])} {self.pick(['1', 'n', '0.5'])}")
        self.emit(0, "")

    def method_class(self):
        self.emit(0, "class Acc:")
        self.emit(1, "def __init__(self, k):")
        self.emit(2, "self.k = k")
        self.emit(1, "def run(self, n):")
        self.emit(2, "t = 0")
        self.emit(2, "for i in range(n):")
        self.emit(3, f"t += {self.expr(['i', 't'], ['i'], 2)}")
        self.emit(3, f"if t > {CLAMP} or t < -{CLAMP}:")
        self.emit(4, "t = t % 1000003")
        self.emit(2, "return t, self.k")
        self.emit(0, "")

    def call_with_report(self, indent, call, label):
        self.emit(indent, "try:")
        self.emit(indent + 1, f"print({label!r}, {call})")
        self.emit(indent, "except Exception as e:")
        self.emit(indent + 1, f"print({label!r}, type(e).__name__ + ': ' + str(e))")

    def generate(self):
        self.emit(0, f"# fuzz program, seed {self.seed}")
        self.emit(0, "import math")
        self.emit(0, "INF = float('inf')")
        self.emit(0, "NAN = float('nan')")
        self.emit_globals()
        self.emit(0, "")
        for index in range(self.rng.randint(2, 4)):
            self.function(index)
        if self.chance(0.4):
            self.recursive_function()
        if self.chance(0.3):
            self.method_class()
        for name, arity, has_loop, mode, _ in self.functions:
            arg_sets = []
            for _ in range(self.rng.randint(2, 4)):
                arg_sets.append("(" + "".join(self.literal(mode) + ", " for _ in range(arity)) + ")")
            repeats = self.pick(["1", "2"]) if has_loop else self.pick(["3", "5"])
            if self.chance(0.3):
                # Rebound between calls: the next calls read the new value.
                self.emit_globals(some=True)
            self.emit(0, f"for rep in range({repeats}):")
            self.emit(1, f"for args in [{', '.join(arg_sets)}]:")
            self.call_with_report(2, f"{name}(*args)", name)
        self.math_function()
        if any(line.startswith("def rec") for line in self.lines):
            self.emit(0, f"for depth in range({self.pick(['5', '12', '20'])}):")
            self.call_with_report(1, f"rec(depth, {self.literal()})", "rec")
        if any(line.startswith("class Acc") for line in self.lines):
            self.call_with_report(0, f"Acc({self.literal()}).run({self.pick(['10', '1300'])})", "Acc")
        if self.chance(0.5):
            # A module-level loop (automatic mode lifts it out of the module's code).
            names = ["m0", "m1"]
            self.emit(0, f"m0 = {self.pick(INT_LITERALS)}")
            self.emit(0, f"m1 = {self.literal()}")
            # Inside `try` the loop stays as written (lifting refuses an exception handler
            # around it); bare, it is lifted, and an exception ends the program with a
            # traceback, which is compared too.
            guarded = self.chance(0.5)
            at = 1 if guarded else 0
            if guarded:
                self.emit(0, "try:")
            self.emit(at, f"for j in range({self.pick(['50', '1300'])}):")
            self.emit(at + 1, f"m0 = {self.int_expr(['m0', 'j'], 2)}")
            self.emit(at + 1, f"if m0 > {CLAMP} or m0 < -{CLAMP}:")
            self.emit(at + 2, "m0 = m0 % 1000003")
            self.emit(at + 1, f"m1 = {self.expr(names + ['j'], ['m0', 'j'], 2)}")
            self.emit(at + 1, f"if m1 > {CLAMP} or m1 < -{CLAMP}:")
            self.emit(at + 2, "m1 = m1 % 1000003")
            self.emit(at, "print('module', m0, m1)")
            if guarded:
                self.emit(0, "except Exception as e:")
                self.emit(1, "print('module', type(e).__name__ + ': ' + str(e))")
        if self.chance(0.15):
            # Uncaught: the traceback's last line and the exit status are compared too.
            name, arity, _, _, _ = self.pick(self.functions)
            self.emit(0, f"print({name}({', '.join(self.literal() for _ in range(arity))}))")
            self.emit(0, f"print({self.expr(['INF'], [], 2)})")
        return "\n".join(self.lines) + "\n"


def parenthesized(literal):
    """A literal that is an expression (2**63 - 1, -7) as one operand: `x ** 2**63 - 1 % 4`
    would raise x to a huge power."""
    return literal if literal.replace(".", "").replace("e", "").isdigit() or literal.isidentifier() else f"({literal})"


def generate(seed):
    return ProgramGenerator(seed).generate()


if __name__ == "__main__":
    sys.stdout.write(generate(int(sys.argv[1])))
