//! Every native operation on edge values (issue 14, item 4). The operations are the typing
//! rules' own list (`TypingContext::supported_operations`: operators, in-place operators,
//! comparisons, unary operators, truth, the native builtins and the `math` table, each
//! with every signature over `bool`, `int64` and `float64` its rule accepts), so a new
//! rule or table entry is covered here without a line of test code.
//!
//! For each operation and signature a small function applies the operation to its
//! parameters; it is called on every combination of edge values of those types (±0.0,
//! ±inf, nan, subnormals, ±2**53±1, ±2**63, 2**63-1, ±2**64, huge floats, negative
//! `ndigits`, bools, zero divisors) and prints `type(r).__name__`, `repr(r)` or the
//! exception. One program holds every case; it runs under `pynum-run` with
//! `PYNUM_JIT_THRESHOLD=0` (native code from the first call), the same with LLVM as the
//! backend (`PYNUM_BACKEND=llvm`), with `--no-jit`, and under python3. Native results
//! (of both backends) must equal the interpreter's exactly; where the interpreter differs
//! from CPython beyond the known differences (README), the test prints the case.
//! Each case also records whether native code answered it (completed), handed it back
//! (deoptimized) or never ran (argument types native code does not take, such as ints
//! beyond 64 bits); every signature must be answered natively at least once, so an entry
//! whose helper does not resolve, or that typing accepts and lowering refuses, fails.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use pynum_jit::typeinfer::{Operation, TypingContext};
use pynum_jit::types::Type;
use pynum_tests::{cpython, known_message_differences, pynum_run};

/// An edge value: its Python literal, and its value when it is an integer (to keep the
/// interpreter's work bounded: no `3 ** 2**63`).
#[derive(Clone, Copy)]
struct Edge {
    text: &'static str,
    int: Option<i128>,
}

const fn int(text: &'static str, value: i128) -> Edge {
    Edge { text, int: Some(value) }
}
const fn float(text: &'static str) -> Edge {
    Edge { text, int: None }
}

const BOOLS: &[Edge] = &[int("True", 1), int("False", 0)];

const INTS: &[Edge] = &[
    int("0", 0),
    int("1", 1),
    int("-1", -1),
    int("2", 2),
    int("-2", -2),
    int("3", 3),
    int("-3", -3),
    int("10", 10),
    int("-7", -7),
    int("63", 63),
    int("64", 64),
    int("-64", -64),
    int("-308", -308),
    int("324", 324),
    int("2147483648", 1 << 31),
    int("9007199254740991", (1 << 53) - 1),
    int("9007199254740993", (1 << 53) + 1),
    int("-9007199254740993", -(1 << 53) - 1),
    int("4611686018427387904", 1 << 62),
    int("9223372036854775807", (1 << 63) - 1),
    int("-9223372036854775807", -(1 << 63) + 1),
    int("-9223372036854775808", -(1 << 63)),
    int("9223372036854775808", 1 << 63),
    int("-9223372036854775809", -(1 << 63) - 1),
    int("18446744073709551616", 1 << 64),
    int("-18446744073709551616", -(1 << 64)),
];

const FLOATS: &[Edge] = &[
    float("0.0"),
    float("-0.0"),
    float("0.5"),
    float("-0.5"),
    float("1.0"),
    float("-1.0"),
    float("2.5"),
    float("-2.5"),
    float("3.0"),
    float("0.1"),
    float("1e16"),
    float("9007199254740992.0"),
    float("9007199254740994.0"),
    float("9.223372036854776e18"),
    float("-9.223372036854776e18"),
    float("1.8446744073709552e19"),
    float("1e308"),
    float("-1e308"),
    float("1.7976931348623157e308"),
    float("2.2250738585072014e-308"),
    float("5e-324"),
    float("-5e-324"),
    float("inf"),
    float("-inf"),
    float("nan"),
];

/// Two-operand signatures take the product of these (the full sets would make 600-odd
/// cases a signature).
const PAIR_BOOLS: &[Edge] = BOOLS;
const PAIR_INTS: &[Edge] = &[
    int("0", 0),
    int("1", 1),
    int("-1", -1),
    int("2", 2),
    int("-3", -3),
    int("63", 63),
    int("-64", -64),
    int("-308", -308),
    int("9007199254740993", (1 << 53) + 1),
    int("-9007199254740993", -(1 << 53) - 1),
    int("9223372036854775807", (1 << 63) - 1),
    int("-9223372036854775808", -(1 << 63)),
    int("9223372036854775808", 1 << 63),
    int("-18446744073709551616", -(1 << 64)),
];
const PAIR_FLOATS: &[Edge] = &[
    float("0.0"),
    float("-0.0"),
    float("0.5"),
    float("-2.5"),
    float("3.0"),
    float("9007199254740994.0"),
    float("9.223372036854776e18"),
    float("-9.223372036854776e18"),
    float("1e308"),
    float("5e-324"),
    float("inf"),
    float("-inf"),
    float("nan"),
];

/// Three-operand signatures (`min`, `max`, `range`) take the product of these.
const TRIPLE_BOOLS: &[Edge] = &[int("True", 1)];
const TRIPLE_INTS: &[Edge] = &[
    int("0", 0),
    int("-1", -1),
    int("3", 3),
    int("9223372036854775807", (1 << 63) - 1),
    int("-9223372036854775808", -(1 << 63)),
    int("18446744073709551616", 1 << 64),
];
const TRIPLE_FLOATS: &[Edge] = &[float("-0.0"), float("2.5"), float("-inf"), float("nan"), float("1e308")];

/// Constant operands: each makes a function of its own (`a // 8` is lowered apart from
/// `a // b`: a shift, a mask, an unsigned division when `a` is known not negative).
const CONST_BOOLS: &[Edge] = &[int("True", 1), int("False", 0)];
const CONST_INTS: &[Edge] = &[
    int("0", 0),
    int("1", 1),
    int("-1", -1),
    int("2", 2),
    int("3", 3),
    int("7", 7),
    int("8", 8),
    int("-8", -8),
    int("10", 10),
    int("64", 64),
    int("-308", -308),
    int("4611686018427387904", 1 << 62),
    int("9223372036854775807", (1 << 63) - 1),
    int("-9223372036854775808", -(1 << 63)),
];
const CONST_FLOATS: &[Edge] = &[
    float("0.0"),
    float("-0.0"),
    float("0.5"),
    float("-2.5"),
    float("3.0"),
    float("1e308"),
    float("5e-324"),
    float("1e999"),
    float("-1e999"),
];

/// Calls per generated function: fewer than the dispatcher's deoptimization limit (8), so
/// no specialization is dropped and every case meets native code.
const CASES_PER_FUNCTION: usize = 7;

/// Functions per generated module: rustpython's compiler takes time quadratic in the
/// functions of one module (4,300 took 1.1 s, 8,600 took 4 s), so the cases are spread
/// over modules the program imports one after the other.
const FUNCTIONS_PER_MODULE: usize = 400;

/// How long one interpreter may take over the whole program.
const TIMEOUT: Duration = Duration::from_secs(300);

struct Case {
    operation: String,
    signature: String,
    /// The function's source.
    function: String,
    args: String,
}

/// The edge values of `ty` for a signature of `arity` operands.
fn edges(ty: &Type, arity: usize) -> &'static [Edge] {
    // PYNUM_NATIVE_EDGES=full: the full sets for two operands, the pair sets for three
    // (about four times the cases).
    let full = std::env::var("PYNUM_NATIVE_EDGES").is_ok_and(|v| v == "full");
    let [bools, ints, floats] = match (arity, full) {
        (0, _) => [CONST_BOOLS, CONST_INTS, CONST_FLOATS],
        (1, _) | (2, true) => [BOOLS, INTS, FLOATS],
        (2, false) | (_, true) => [PAIR_BOOLS, PAIR_INTS, PAIR_FLOATS],
        _ => [TRIPLE_BOOLS, TRIPLE_INTS, TRIPLE_FLOATS],
    };
    match ty {
        Type::Bool => bools,
        Type::Float { .. } => floats,
        _ => ints,
    }
}

/// Whether the interpreter would build an int too large to be worth printing (an
/// exponent or shift count of hundreds on a base beyond ±1, `round(x, -10**9)` on an
/// int, which computes `10**10**9`).
fn too_large(operation: &Operation, args: &[Edge]) -> bool {
    use pynum_jit::ir::BinOp;
    let (Some(a), Some(b)) = (args.first().and_then(|e| e.int), args.get(1).and_then(|e| e.int)) else { return false };
    match operation {
        Operation::Binary(BinOp::Pow) | Operation::Inplace(BinOp::Pow) | Operation::Builtin("pow") => {
            b > 400 && a.abs() > 1
        }
        Operation::Binary(BinOp::LShift) | Operation::Inplace(BinOp::LShift) => b > 400 && a != 0,
        Operation::Builtin("round") => b < -400,
        _ => false,
    }
}

/// One operand of a generated function: a parameter (given edge values), possibly inside
/// an expression, or a constant written into the code.
#[derive(Clone)]
enum Operand {
    Param(&'static str, &'static str),
    Const(Edge),
}

/// The body applying `operation` to `operands` and returning the result.
fn function_body(operation: &Operation, operands: &[&str], result: &Type) -> String {
    match (operation, result) {
        (Operation::Inplace(_), _) => format!("    {}\n    return {}\n", operation.python(operands), operands[0]),
        // A range is iterated: how many values (at most 3) and the last one.
        (_, Type::RangeState) => format!(
            "    n = 0\n    last = 0\n    for i in {}:\n        n += 1\n        last = i\n        if n == 3:\n            break\n    return n, last\n",
            operation.python(operands)
        ),
        _ => format!("    return {}\n", operation.python(operands)),
    }
}

/// The generated program's modules and its cases in output order.
#[derive(Default)]
struct Program {
    modules: Vec<String>,
    defs: String,
    table: String,
    functions: usize,
    cases: Vec<Case>,
}

impl Program {
    /// A function applying `operation` (signature `args -> result`) to `operands`,
    /// called on every combination of its parameters' edge values.
    fn add(&mut self, operation: &Operation, args: &[Type], result: &Type, operands: &[Operand]) {
        let params: Vec<(&str, &Type)> = operands
            .iter()
            .zip(args)
            .filter_map(|(o, ty)| match o {
                Operand::Param(name, _) => Some((*name, ty)),
                Operand::Const(_) => None,
            })
            .collect();
        let texts: Vec<&str> = operands
            .iter()
            .map(|o| match o {
                Operand::Param(_, text) => *text,
                Operand::Const(edge) => edge.text,
            })
            .collect();
        let arity = args.len();
        let inputs: Vec<Vec<Edge>> = params.iter().fold(vec![Vec::new()], |prefixes, (_, ty)| {
            prefixes
                .into_iter()
                .flat_map(|p| edges(ty, arity).iter().map(move |e| [p.clone(), vec![*e]].concat()))
                .collect()
        });
        // The operands' values of each input, for the size filter.
        let values = |input: &[Edge]| -> Vec<Edge> {
            let mut given = input.iter();
            operands
                .iter()
                .map(|o| match o {
                    Operand::Param(..) => *given.next().unwrap(),
                    Operand::Const(edge) => *edge,
                })
                .collect()
        };
        let inputs: Vec<Vec<Edge>> = inputs.into_iter().filter(|input| !too_large(operation, &values(input))).collect();
        let signature = args.iter().map(Type::to_string).collect::<Vec<_>>().join(", ");
        let body = function_body(operation, &texts, result);
        let names: Vec<&str> = params.iter().map(|(name, _)| *name).collect();
        for chunk in inputs.chunks(CASES_PER_FUNCTION) {
            if self.functions.is_multiple_of(FUNCTIONS_PER_MODULE) && self.functions > 0 {
                self.finish_module();
            }
            let name = format!("f{}", self.functions);
            self.functions += 1;
            let function = format!("def {name}({}):\n{body}", names.join(", "));
            self.defs.push_str(&function);
            self.defs.push('\n');
            write!(self.table, "    ({name}, (").unwrap();
            for input in chunk {
                let given: Vec<&str> = input.iter().map(|e| e.text).collect();
                write!(self.table, "({},), ", given.join(", ")).unwrap();
                self.cases.push(Case {
                    operation: operation.name(),
                    signature: signature.clone(),
                    function: function.clone(),
                    args: given.join(", "),
                });
            }
            self.table.push_str(")),\n");
        }
    }

    fn finish_module(&mut self) {
        let (defs, table) = (std::mem::take(&mut self.defs), std::mem::take(&mut self.table));
        self.modules.push(format!("{PRELUDE}\n{defs}\nCASES = [\n{table}]\n{MAIN}"));
    }
}

const PRELUDE: &str = r#"import math
import sys

inf = float("inf")
nan = float("nan")
"#;

const MAIN: &str = r#"
try:
    from _pynum import dispatcher_of
except ImportError:
    def dispatcher_of(f):
        return None


def outcomes(f):
    # (completed, deoptimized) native calls; the interpreter-only runs have none. A
    # compiled function stays a function: its dispatcher is found through _pynum.
    return getattr(dispatcher_of(f), "native_outcomes", (0, 0))


def main():
    write = sys.stdout.write
    for f, arglists in CASES:
        for args in arglists:
            before = outcomes(f)
            try:
                r = f(*args)
                text = type(r).__name__ + " " + repr(r)
            except Exception as e:
                text = "EXC " + type(e).__name__ + ": " + str(e)
            after = outcomes(f)
            status = "n" if after[0] > before[0] else "d" if after[1] > before[1] else "i"
            write(text + "\t" + status + "\n")
    sys.stdout.flush()


main()
"#;

/// Whether the lowering may treat a constant operand of `operation` apart.
fn has_constant_forms(operation: &Operation) -> bool {
    matches!(operation, Operation::Binary(_) | Operation::Inplace(_) | Operation::Builtin("divmod" | "pow" | "round"))
}

/// The program (its modules) and the description of each of its cases, in output order.
fn generate() -> (Vec<String>, Vec<Case>) {
    use pynum_jit::ir::BinOp;
    let mut program = Program::default();
    for supported in TypingContext::CPU_PYTHON.supported_operations() {
        let operation = supported.operation;
        for (args, result) in &supported.signatures {
            let params = [Operand::Param("a", "a"), Operand::Param("b", "b"), Operand::Param("c", "c")];
            program.add(&operation, args, result, &params[..args.len()]);
            if args.len() != 2 || !has_constant_forms(&operation) {
                continue;
            }
            let dividend =
                matches!(operation, Operation::Binary(BinOp::FloorDiv | BinOp::Mod) | Operation::Builtin("divmod"))
                    && args[0] == Type::INT64;
            for c in edges(&args[1], 0) {
                program.add(&operation, args, result, &[Operand::Param("a", "a"), Operand::Const(*c)]);
                if dividend {
                    // Dividends known not to be negative (a mask, a square).
                    program.add(&operation, args, result, &[Operand::Param("a", "(a & 4095)"), Operand::Const(*c)]);
                    program.add(&operation, args, result, &[Operand::Param("a", "(a * a)"), Operand::Const(*c)]);
                }
            }
            if !matches!(operation, Operation::Inplace(_)) {
                for c in edges(&args[0], 0) {
                    program.add(&operation, args, result, &[Operand::Const(*c), Operand::Param("b", "b")]);
                }
            }
        }
    }
    program.finish_module();
    (program.modules, program.cases)
}

/// Runs one interpreter over the program: its output lines split at the tab.
fn run(
    program: &Path,
    interpreter: &Path,
    args: &[&str],
    env: &[(&str, &str)],
) -> Result<Vec<(String, String)>, String> {
    let mut child = Command::new(interpreter)
        .args(args)
        .arg(program)
        .env("PYTHONHASHSEED", "0")
        .env("PYTHONIOENCODING", "utf-8")
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env_remove("PYNUM_JIT_THRESHOLD")
        .env_remove("PYNUM_JIT")
        // What compiles must not depend on tier-2 code kept by an earlier run.
        .env("PYNUM_CODE_CACHE", "0")
        .env_remove("PYTHONPATH")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", interpreter.display()))?;
    let started = Instant::now();
    let (stdout, stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let read = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let (stdout, stderr) = (read(Box::new(stdout)), read(Box::new(stderr)));
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            return Err(format!("{} {args:?} ran past {TIMEOUT:?}", interpreter.display()));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (stdout, stderr) = (stdout.join().unwrap(), stderr.join().unwrap());
    let lines: Vec<(String, String)> = stdout
        .lines()
        .map(|line| {
            let (text, status) = line.rsplit_once('\t').unwrap_or((line, ""));
            (text.to_owned(), status.to_owned())
        })
        .collect();
    if !status.success() {
        return Err(format!(
            "{} {args:?} ended with {status} after {} cases ({:.1} s):\n{}",
            interpreter.display(),
            lines.len(),
            started.elapsed().as_secs_f64(),
            stderr.lines().rev().take(15).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join("\n")
        ));
    }
    eprintln!("{} {args:?}: {} cases in {:.1} s", interpreter.display(), lines.len(), started.elapsed().as_secs_f64());
    Ok(lines)
}

/// CPython's wording in pynum's (`tests/known_message_differences.tsv`).
fn normalize(text: &str) -> String {
    known_message_differences().fold(text.to_owned(), |t, (c, p)| t.replace(c, p))
}

/// The README's known differences beyond wording: `math` domain errors name the input
/// (Python 3.14), and `gamma`/`lgamma` may differ in the last digit.
fn known_interpreter_difference(case: &Case, cpython: &str, pynum: &str) -> bool {
    let domain = cpython == "EXC ValueError: math domain error" && pynum.starts_with("EXC ValueError: ");
    let last_digit = matches!(case.operation.as_str(), "math.gamma" | "math.lgamma")
        && cpython.starts_with("float ")
        && pynum.starts_with("float ")
        && {
            let (x, y) = (cpython[6..].parse::<f64>(), pynum[6..].parse::<f64>());
            matches!((x, y), (Ok(x), Ok(y)) if (x - y).abs() <= 4.0 * f64::EPSILON * x.abs().max(y.abs()))
        };
    domain || last_digit
}

#[test]
fn every_native_operation_agrees_with_the_interpreter_on_edge_values() {
    let (modules, cases) = generate();
    let dir = std::env::temp_dir().join(format!("pynum-native-edges-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut main = String::new();
    for (i, module) in modules.iter().enumerate() {
        std::fs::write(dir.join(format!("edges_{i:03}.py")), module).unwrap();
        writeln!(main, "import edges_{i:03}").unwrap();
    }
    let program = dir.join("native_edges.py");
    std::fs::write(&program, main).unwrap();
    eprintln!("{} cases in {} modules: {}", cases.len(), modules.len(), program.display());

    let pynum = pynum_run();
    let python = cpython();
    let (native, interpreted, reference) = std::thread::scope(|scope| {
        let native = scope.spawn(|| run(&program, &pynum, &[], &[("PYNUM_JIT_THRESHOLD", "0"), ("PYNUM_VERIFY", "1")]));
        let interpreted = scope.spawn(|| run(&program, &pynum, &["--no-jit"], &[]));
        let reference = run(&program, &python, &["-B"], &[]);
        (native.join().unwrap(), interpreted.join().unwrap(), reference)
    });
    // The same native code from tier 2's backend: LLVM translates the same LIR, and must
    // give the same answers (`max(True, False)` was False there).
    let llvm =
        run(&program, &pynum, &[], &[("PYNUM_BACKEND", "llvm"), ("PYNUM_JIT_THRESHOLD", "0"), ("PYNUM_VERIFY", "1")])
            .unwrap_or_else(|e| panic!("LLVM run failed (program kept at {}):\n{e}", program.display()));
    let native = native.unwrap_or_else(|e| panic!("native run failed (program kept at {}):\n{e}", program.display()));
    let interpreted = interpreted.unwrap_or_else(|e| panic!("{e}"));
    let reference = reference.unwrap_or_else(|e| panic!("{e}"));
    for (name, lines) in [("native", &native), ("llvm", &llvm), ("--no-jit", &interpreted), ("python3", &reference)] {
        assert_eq!(lines.len(), cases.len(), "{name} printed {} of {} cases", lines.len(), cases.len());
    }

    let describe = |i: usize| {
        let c = &cases[i];
        format!("{} ({}) on ({}) in\n{}", c.operation, c.signature, c.args, c.function.trim_end())
    };
    let mut mismatches = Vec::new();
    let mut new_differences: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut known = 0;
    // (operation, signature) -> [completed, deoptimized, interpreted]
    let mut outcomes: BTreeMap<(String, String), [usize; 3]> = BTreeMap::new();
    for (i, case) in cases.iter().enumerate() {
        let (jit, status) = &native[i];
        let (interp, cpy) = (&interpreted[i].0, &reference[i].0);
        let slot = match status.as_str() {
            "n" => 0,
            "d" => 1,
            _ => 2,
        };
        outcomes.entry((case.operation.clone(), case.signature.clone())).or_default()[slot] += 1;
        if jit != interp {
            mismatches.push(format!("{}\n    native:      {jit} [{status}]\n    interpreter: {interp}", describe(i)));
        }
        let (by_llvm, llvm_status) = &llvm[i];
        if by_llvm != interp {
            mismatches.push(format!(
                "{}\n    LLVM:        {by_llvm} [{llvm_status}]\n    interpreter: {interp}",
                describe(i)
            ));
        }
        if normalize(cpy) != *interp {
            if known_interpreter_difference(case, cpy, interp) {
                known += 1;
            } else {
                new_differences
                    .entry(case.operation.clone())
                    .or_default()
                    .push(format!("{}\n    python3:     {cpy}\n    interpreter: {interp}", describe(i)));
            }
        }
    }

    let totals = outcomes.values().fold([0; 3], |t, o| [t[0] + o[0], t[1] + o[1], t[2] + o[2]]);
    eprintln!(
        "{} operations, {} signatures, {} cases: {} answered natively, {} deoptimized, {} not compiled",
        outcomes.keys().map(|(o, _)| o).collect::<std::collections::BTreeSet<_>>().len(),
        outcomes.len(),
        cases.len(),
        totals[0],
        totals[1],
        totals[2]
    );
    eprintln!(
        "interpreter vs python3: {known} known differences, {} new",
        new_differences.values().map(Vec::len).sum::<usize>()
    );
    for (operation, list) in &new_differences {
        eprintln!("new interpreter difference from CPython, {operation} ({} cases), e.g.:\n  {}", list.len(), list[0]);
    }
    // A signature whose every edge input deoptimizes (`math.log(x, True)` divides by
    // zero) still ran native code; one that never reached it is a promise the typing
    // rules make and native code does not keep.
    let always_deopt: Vec<String> = outcomes
        .iter()
        .filter(|(_, o)| o[0] == 0 && o[1] > 0)
        .map(|((op, sig), o)| format!("{op} ({sig}): {o:?}"))
        .collect();
    if !always_deopt.is_empty() {
        eprintln!(
            "signatures every edge input deoptimizes ([completed, deoptimized, interpreted]): {}",
            always_deopt.join("; ")
        );
    }
    let never_native: Vec<String> = outcomes
        .iter()
        .filter(|(_, o)| o[0] + o[1] == 0)
        .map(|((op, sig), o)| format!("{op} ({sig}): {o:?}"))
        .collect();
    assert!(
        mismatches.is_empty(),
        "{} native results differ from the interpreter's (program kept at {}):\n{}",
        mismatches.len(),
        program.display(),
        mismatches.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
    assert!(
        never_native.is_empty(),
        "signatures the typing rules accept that native code never answered ([completed, deoptimized, interpreted]):\n{}",
        never_native.join("\n")
    );
    if std::env::var_os("PYNUM_NATIVE_EDGES_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}
