//! Front-end robustness (issue 14, item 5): property tests that feed arbitrary input to
//! every stage a user program reaches, which must answer with errors, never panic.
//!
//! - `generated_and_mutated_sources`: numeric functions from a small grammar (every
//!   operator, builtins native code knows and some it does not, `math`, loops, `try`,
//!   tuples, lists, nested functions), then mutated line by line and token by token.
//!   What rustpython compiles goes through the decoder, CFG, data flow, rewrites and
//!   liveness (`analyze`), automatic mode's candidate check, interleaving and loop-lifting
//!   (whose output must compile again), type inference for several argument types under
//!   both typing contexts, and Cranelift lowering (with Cranelift's verifier on).
//! - `mutated_code_objects`: real compiled code objects with opcodes, arguments, units,
//!   the exception table and the argument count mutated, through `analyze` and, when
//!   that still yields IR, typing and lowering.
//!
//! A verifier failure of the front end on code rustpython compiled, a Cranelift verifier
//! failure, or transformed source that no longer compiles counts as a failure too: they
//! are typed errors, but bugs. CI runs 2,000 cases of each property from a fixed seed
//! (about 6 s); `PYNUM_PROPTEST_CASES` sets the count and draws new inputs (a campaign:
//! `PYNUM_PROPTEST_CASES=100000`), `PYNUM_PROPTEST_SEED` replays a seed.

// Proptest's failure type is large; it is made once per failing case.
#![allow(clippy::result_large_err)]

use std::panic::{catch_unwind, AssertUnwindSafe};

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use pynum_cranelift::Cranelift;
use pynum_jit::backend::BackendError;
use pynum_jit::bytecode::walk_code_objects;
use pynum_jit::driver::{compile, reachable_functions, CompileError, CompileOptions as Options};
use pynum_jit::lir::lower::LowerError;
use pynum_jit::typeinfer::{Inferencer, StaticModuleEnv, TypingContext};
use pynum_jit::types::Type;
use pynum_jit::{analyze, FrontendError};
use rustpython_compiler::core::bytecode::{CodeObject, CodeUnit, CodeUnits, ConstantData, Instruction};

/// Cases per property in CI: about 5 seconds for the sources, 1 for the code objects.
const DEFAULT_CASES: u32 = 2000;

fn cases() -> u32 {
    std::env::var("PYNUM_PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_CASES)
}

/// CI draws the same inputs every run (a failure is a bug, not a flaky test); a campaign
/// (`PYNUM_PROPTEST_CASES` set) draws new ones each run, or those of `PYNUM_PROPTEST_SEED`.
fn seed() -> RngSeed {
    match std::env::var("PYNUM_PROPTEST_SEED").ok().and_then(|v| v.parse().ok()) {
        Some(seed) => RngSeed::Fixed(seed),
        None if std::env::var_os("PYNUM_PROPTEST_CASES").is_some() => RngSeed::Random,
        None => RngSeed::Fixed(14),
    }
}

fn config() -> Config {
    // Cranelift's verifier checks each function lowered (the ISA reads this once).
    std::env::set_var("PYNUM_VERIFY_CLIF", "1");
    Config { cases: cases(), max_shrink_iters: 2048, failure_persistence: None, rng_seed: seed(), ..Config::default() }
}

// ---- the generator ----------------------------------------------------------------

const VARS: &[&str] = &["a", "b", "c", "x", "y", "i", "n", "t", "lst"];

fn literal() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "0",
            "1",
            "-1",
            "2",
            "3",
            "7",
            "10",
            "63",
            "64",
            "255",
            "-5",
            "9223372036854775807",
            "-9223372036854775808",
            "9223372036854775808",
            "18446744073709551616",
            "2**63",
            "0.0",
            "-0.0",
            "0.5",
            "-2.5",
            "1e308",
            "5e-324",
            "1e999",
            "True",
            "False",
            "None",
            "'s'",
            "b'x'",
            "1j",
            "math.pi",
            "math.inf",
            "math.nan",
            "(1, 2.0)",
            "[1, 2, 3]",
            "[0.5, 1.5]",
            "[]",
            "bytearray(3)",
            "range(3)",
        ])
        .prop_map(str::to_owned),
        any::<i64>().prop_map(|v| v.to_string()),
        any::<f64>().prop_map(|v| if v.is_finite() { format!("{v:?}") } else { "1.5".to_owned() }),
    ]
}

fn expr() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![3 => prop::sample::select(VARS).prop_map(str::to_owned), 2 => literal()];
    leaf.prop_recursive(4, 24, 3, |inner| {
        let binop = prop::sample::select(vec!["+", "-", "*", "/", "//", "%", "**", "@", "<<", ">>", "&", "|", "^"]);
        let cmp = prop::sample::select(vec!["<", "<=", "==", "!=", ">", ">=", "is", "is not", "in", "not in"]);
        let unary = prop::sample::select(vec!["-", "+", "~", "not "]);
        let builtin = prop::sample::select(vec![
            "abs", "min", "max", "int", "float", "bool", "round", "pow", "divmod", "len", "range", "print", "sum",
            "list", "tuple", "hash", "f0", "f1", "g",
        ]);
        let math = prop::sample::select(vec![
            "sqrt",
            "sin",
            "log",
            "exp",
            "floor",
            "ceil",
            "trunc",
            "isnan",
            "hypot",
            "atan2",
            "pow",
            "fmod",
            "gamma",
            "copysign",
            "factorial",
            "gcd",
        ]);
        prop_oneof![
            (inner.clone(), binop, inner.clone()).prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (inner.clone(), cmp.clone(), inner.clone()).prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (inner.clone(), cmp.clone(), inner.clone(), cmp, inner.clone())
                .prop_map(|(a, o, b, p, c)| format!("({a} {o} {b} {p} {c})")),
            (unary, inner.clone()).prop_map(|(op, a)| format!("({op}{a})")),
            (builtin, prop::collection::vec(inner.clone(), 0..4))
                .prop_map(|(f, args)| format!("{f}({})", args.join(", "))),
            (math, prop::collection::vec(inner.clone(), 0..3))
                .prop_map(|(f, args)| format!("math.{f}({})", args.join(", "))),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(a, b, c)| format!("({a} if {b} else {c})")),
            (inner.clone(), prop::sample::select(vec!["and", "or"]), inner.clone())
                .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{a}[{b}]")),
            prop::collection::vec(inner.clone(), 0..3).prop_map(|items| if items.is_empty() {
                "()".to_owned()
            } else {
                format!("({},)", items.join(", "))
            }),
            prop::collection::vec(inner.clone(), 0..3).prop_map(|items| format!("[{}]", items.join(", "))),
            (inner.clone(), inner).prop_map(|(a, b)| format!("{a}[{b}:]")),
        ]
    })
}

fn target() -> impl Strategy<Value = String> {
    prop::sample::select(VARS).prop_map(str::to_owned)
}

/// Statements only a function body may hold.
fn function_only() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => expr().prop_map(|e| format!("return {e}")),
        1 => Just("return".to_owned()),
        1 => Just("yield a".to_owned()),
    ]
}

/// A block of statements at `indent`, as lines (`in_function`: it may return).
fn block(indent: usize, depth: u32, in_function: bool) -> BoxedStrategy<Vec<String>> {
    let pad = "    ".repeat(indent);
    let returns = if in_function { 4 } else { 0 };
    let simple = {
        let pad = pad.clone();
        prop_oneof![
            returns => function_only(),
            4 => (target(), expr()).prop_map(|(t, e)| format!("{t} = {e}")),
            2 => (target(), prop::sample::select(vec!["+=", "-=", "*=", "//=", "%=", "**=", "<<=", ">>=", "&=", "|=", "^=", "/="]), expr())
                .prop_map(|(t, op, e)| format!("{t} {op} {e}")),
            1 => (target(), target(), expr(), expr()).prop_map(|(t, u, e, f)| format!("{t}, {u} = {e}, {f}")),
            1 => (target(), expr(), expr()).prop_map(|(t, i, e)| format!("{t}[{i}] = {e}")),
            1 => prop::sample::select(vec!["break", "continue", "pass", "del x", "raise ValueError(1)", "assert a, 'm'"]).prop_map(str::to_owned),
            1 => expr(),
        ]
        .prop_map(move |line| vec![format!("{pad}{line}")])
    };
    if depth == 0 {
        return prop::collection::vec(simple, 1..4).prop_map(|ls| ls.concat()).boxed();
    }
    let nested = {
        let pad = pad.clone();
        let body = move || block(indent + 1, depth - 1, in_function);
        prop_oneof![
            (expr(), body(), prop::option::of(body())).prop_map({
                let pad = pad.clone();
                move |(c, then, other)| {
                    let mut lines = vec![format!("{pad}if {c}:")];
                    lines.extend(then);
                    if let Some(other) = other {
                        lines.push(format!("{pad}else:"));
                        lines.extend(other);
                    }
                    lines
                }
            }),
            (expr(), body()).prop_map({
                let pad = pad.clone();
                move |(c, b)| [vec![format!("{pad}while {c}:")], b].concat()
            }),
            (target(), prop::collection::vec(expr(), 1..4), body(), prop::option::of(body())).prop_map({
                let pad = pad.clone();
                move |(v, args, b, other)| {
                    let mut lines = vec![format!("{pad}for {v} in range({}):", args.join(", "))];
                    lines.extend(b);
                    if let Some(other) = other {
                        lines.push(format!("{pad}else:"));
                        lines.extend(other);
                    }
                    lines
                }
            }),
            (target(), body()).prop_map({
                let pad = pad.clone();
                move |(v, b)| [vec![format!("{pad}for {v} in lst:")], b].concat()
            }),
            (body(), body()).prop_map({
                let pad = pad.clone();
                move |(b, h)| {
                    [vec![format!("{pad}try:")], b, vec![format!("{pad}except ZeroDivisionError:")], h].concat()
                }
            }),
            block(indent + 1, depth - 1, true).prop_map({
                let pad = pad.clone();
                move |b| [vec![format!("{pad}def g(y):")], b].concat()
            }),
        ]
    };
    prop::collection::vec(prop_oneof![3 => simple, 1 => nested], 1..5).prop_map(|ls| ls.concat()).boxed()
}

/// A module of two or three numeric functions (one calls another, one may recurse), a
/// module-level loop and a class with a method.
fn program() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(
            (prop::sample::select(vec!["a", "a, b", "a, b, c", "a, lst", ""]), block(1, 2, true)),
            1..4,
        ),
        prop::option::of(block(1, 1, false)),
    )
        .prop_map(|(functions, module_loop)| {
            let mut text = String::from("import math\n\n");
            for (k, (params, body)) in functions.into_iter().enumerate() {
                // The locals that are not parameters start bound, so that typing gets past
                // the first line more often than not.
                let locals: String = [
                    ("b", "1"),
                    ("c", "2"),
                    ("x", "1"),
                    ("y", "0.5"),
                    ("i", "0"),
                    ("n", "3"),
                    ("t", "0"),
                    ("lst", "[1, 2, 3]"),
                ]
                .iter()
                .filter(|(name, _)| !params.split(", ").any(|p| p == *name))
                .map(|(name, value)| format!("    {name} = {value}\n"))
                .collect();
                text.push_str(&format!("def f{k}({params}):\n{locals}{}\n\n", body.join("\n")));
            }
            if let Some(body) = module_loop {
                text.push_str(&format!("t = 0\nfor i in range(100):\n{}\n\n", body.join("\n")));
                text.push_str(&format!(
                    "class K:\n    def m(self, a):\n{}\n",
                    body.iter().map(|l| format!("    {l}")).collect::<Vec<_>>().join("\n")
                ));
            }
            text
        })
}

/// A mutation of source text, applied line- or token-wise.
#[derive(Debug, Clone)]
enum SourceMutation {
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    Indent(usize, bool),
    Insert(usize, &'static str),
    DeleteChars(usize, usize),
}

fn source_mutation() -> impl Strategy<Value = SourceMutation> {
    let token = prop::sample::select(vec![
        "(",
        ")",
        ":",
        "\n",
        "    ",
        "=",
        "+",
        "-",
        "*",
        "**",
        "//",
        "not ",
        " if ",
        " else ",
        "lambda: 0",
        "return ",
        "yield ",
        "await ",
        "break",
        "for ",
        " in ",
        "[",
        "]",
        "{",
        "}",
        ",",
        "*a",
        "**k",
        "0",
        "1e999",
        "2**64",
        "def ",
        "class ",
        "async ",
        "with ",
        "global a",
        "nonlocal a",
        "del ",
        "@",
        ";",
        "\\",
        "'",
        "\"\"\"",
        "#",
        "x :=",
        "match a:\n case 1: pass",
    ]);
    prop_oneof![
        any::<usize>().prop_map(SourceMutation::DeleteLine),
        any::<usize>().prop_map(SourceMutation::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| SourceMutation::SwapLines(a, b)),
        (any::<usize>(), any::<bool>()).prop_map(|(a, more)| SourceMutation::Indent(a, more)),
        (any::<usize>(), token).prop_map(|(at, t)| SourceMutation::Insert(at, t)),
        (any::<usize>(), 1usize..8).prop_map(|(at, n)| SourceMutation::DeleteChars(at, n)),
    ]
}

fn mutate_source(text: &str, mutations: &[SourceMutation]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    for m in mutations {
        if lines.is_empty() {
            break;
        }
        let n = lines.len();
        match *m {
            SourceMutation::DeleteLine(i) => {
                lines.remove(i % n);
            }
            SourceMutation::DuplicateLine(i) => lines.insert(i % n, lines[i % n].clone()),
            SourceMutation::SwapLines(i, j) => lines.swap(i % n, j % n),
            SourceMutation::Indent(i, more) => {
                let line = &mut lines[i % n];
                if more {
                    line.insert_str(0, "    ");
                } else if let Some(rest) = line.strip_prefix("    ") {
                    *line = rest.to_owned();
                }
            }
            SourceMutation::Insert(at, token) => {
                let mut joined = lines.join("\n");
                let at = floor_char_boundary(&joined, at % (joined.len() + 1));
                joined.insert_str(at, token);
                lines = joined.lines().map(str::to_owned).collect();
            }
            SourceMutation::DeleteChars(at, count) => {
                let mut joined = lines.join("\n");
                let start = floor_char_boundary(&joined, at % (joined.len() + 1));
                let end = floor_char_boundary(&joined, (start + count).min(joined.len()));
                joined.replace_range(start..end, "");
                lines = joined.lines().map(str::to_owned).collect();
            }
        }
    }
    lines.join("\n") + "\n"
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

// ---- the pipeline -----------------------------------------------------------------

thread_local! {
    /// Where the last panic happened: pynum's frames of its backtrace.
    static PANIC_SITE: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Records pynum's frames of each panic's backtrace (the failure message shows them).
fn quiet_panic_hook(_: &std::panic::PanicHookInfo<'_>) {
    let trace = std::backtrace::Backtrace::force_capture().to_string();
    let ours: Vec<&str> = trace
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("at ./") || l.contains("/jit/src/") || l.contains("/targets/cranelift/src/"))
        .take(8)
        .collect();
    PANIC_SITE.with(|site| *site.borrow_mut() = ours.join("\n  "));
}

/// Runs `f`, turning a panic into a test failure that names the stage.
fn stage<T>(name: &str, input: &str, f: impl FnOnce() -> T) -> Result<T, TestCaseError> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        let site = PANIC_SITE.with(|site| site.borrow().clone());
        TestCaseError::fail(format!("{name} panicked: {message}\n  {site}\n--- input ---\n{input}"))
    })
}

/// The argument types a function is typed for: each scalar for every parameter, one
/// mix, and lists where a parameter may be one.
fn argument_types(count: usize) -> Vec<Vec<Type>> {
    let mut sets: Vec<Vec<Type>> =
        [Type::INT64, Type::FLOAT64, Type::Bool].iter().map(|t| vec![t.clone(); count]).collect();
    sets.push((0..count).map(|k| [Type::INT64, Type::FLOAT64, Type::Bool][k % 3].clone()).collect());
    sets.push(
        (0..count)
            .map(|k| if k == count.saturating_sub(1) { Type::List(Box::new(Type::INT64)) } else { Type::INT64 })
            .collect(),
    );
    sets.push((0..count).map(|k| if k == 0 { Type::ByteArray } else { Type::FLOAT64 }).collect());
    sets
}

/// Typing and lowering of `func` (or of the environment's `qualname`) for every argument
/// set, under both typing contexts.
fn type_and_lower(
    env: &StaticModuleEnv,
    function: Option<&pynum_jit::ir::Function>,
    qualname: &str,
    params: usize,
    input: &str,
) -> Result<(), TestCaseError> {
    for python_semantics in [true, false] {
        let context = if python_semantics { TypingContext::CPU_PYTHON } else { TypingContext::CPU };
        for args in argument_types(params) {
            let mut inferencer = Inferencer::new(context, env);
            let typed = stage("type inference", input, || match function {
                Some(func) => inferencer.infer_function(func, &args),
                None => inferencer.infer(qualname, &args),
            })?;
            let Ok(typed) = typed else { continue };
            let Ok(functions) = stage("reachable_functions", input, || reachable_functions(&typed, &mut inferencer))?
            else {
                continue;
            };
            let options = Options { python_semantics, ..Options::default() };
            match stage("LIR and Cranelift", input, || compile(Cranelift::shared(), &functions, &options))? {
                Ok(_)
                | Err(
                    CompileError::Lower(LowerError::Unsupported(_))
                    | CompileError::Backend(BackendError::Unsupported(_)),
                ) => {}
                Err(error) => {
                    return Err(TestCaseError::fail(format!(
                        "lowering {qualname}({args:?}): {error}\n--- input ---\n{input}"
                    )));
                }
            }
        }
    }
    Ok(())
}

/// Top-level functions of a module's code: (qualname, parameter count).
fn top_level_functions(module: &CodeObject) -> Vec<(String, usize)> {
    let mut codes = Vec::new();
    walk_code_objects(module, &mut codes);
    codes
        .iter()
        .skip(1)
        .filter(|c| !c.qualname.as_str().contains(['.', '<']))
        .map(|c| (c.qualname.as_str().to_owned(), c.arg_count as usize))
        .collect()
}

/// Sources tried, and those rustpython compiled (the rest stop at its parser or compiler).
static SOURCES: [std::sync::atomic::AtomicUsize; 2] =
    [std::sync::atomic::AtomicUsize::new(0), std::sync::atomic::AtomicUsize::new(0)];

fn check_source(text: &str) -> Result<(), TestCaseError> {
    SOURCES[0].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let module = match stage("rustpython's compiler", text, || {
        rustpython_compiler::compile(text, rustpython_compiler::Mode::Exec, "prop.py", Default::default())
    })? {
        Ok(module) => module,
        Err(error) => {
            if std::env::var_os("PYNUM_PROPTEST_SHOW_REJECTED").is_some() {
                println!("rejected: {error:?}\n{text}\n====");
            }
            return Ok(());
        }
    };
    SOURCES[1].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    // Decoder, CFG, data flow, rewrites, liveness; the candidate check.
    let mut codes = Vec::new();
    walk_code_objects(&module, &mut codes);
    let mut candidates = Vec::new();
    for code in &codes {
        let analysis = stage("analyze", text, || analyze(*code))?;
        match analysis {
            Ok(pynum_jit::Analysis { ir: Ok(func), .. })
                if stage("auto::is_candidate", text, || pynum_jit::auto::is_candidate(&func))?
                    && !code.qualname.as_str().contains(['.', '<'])
                    && !std::ptr::eq(*code, &module) =>
            {
                candidates.push(code.obj_name.as_str().to_owned());
            }
            Ok(pynum_jit::Analysis { ir: Err(error), .. }) | Err(error) if is_bug(&error) => {
                return Err(TestCaseError::fail(format!("{}: {error}\n--- input ---\n{text}", code.qualname.as_str())));
            }
            _ => {}
        }
    }
    // Typing and lowering.
    let env = stage("StaticModuleEnv", text, || StaticModuleEnv::from_module(&module))?;
    for (name, params) in top_level_functions(&module) {
        type_and_lower(&env, None, &name, params, text)?;
    }
    // Automatic mode's source transformations: interleaving, loop-lifting, and the
    // transformed module compiles again and goes through the front end.
    let Ok(parsed) = rustpython_compiler::parser::parse_module(text) else { return Ok(()) };
    let ast = parsed.into_syntax();
    for stmt in &ast.body {
        if let rustpython_compiler::ast::Stmt::FunctionDef(func) = stmt {
            stage("interleave::variant", text, || pynum_jit::interleave::variant(func))?;
        }
    }
    for loops_start_cold in [false, true] {
        let mut tree = ast.clone();
        let lifting = stage("looplift::transform", text, || {
            pynum_jit::looplift::transform(
                &mut tree,
                text,
                &pynum_jit::lift_plan::analyze_source(text),
                &candidates,
                &[],
                loops_start_cold,
            )
        })?;
        if !lifting.changed() {
            continue;
        }
        let source_file = ruff_source_file::SourceFileBuilder::new("prop.py", text).finish();
        let compiled = stage("codegen of the transformed module", text, || {
            rustpython_compiler::codegen::compile::compile_top(
                rustpython_compiler::ast::Mod::Module(tree),
                source_file,
                rustpython_compiler::Mode::Exec,
                Default::default(),
            )
        })?;
        let transformed = compiled.map_err(|e| {
            TestCaseError::fail(format!("the transformed module does not compile: {e}\n--- input ---\n{text}"))
        })?;
        let mut codes = Vec::new();
        walk_code_objects(&transformed, &mut codes);
        for code in codes {
            match stage("analyze (transformed)", text, || analyze(code))? {
                Ok(pynum_jit::Analysis { ir: Err(error), .. }) | Err(error) if is_bug(&error) => {
                    return Err(TestCaseError::fail(format!(
                        "transformed {}: {error}\n--- input ---\n{text}",
                        code.qualname.as_str()
                    )));
                }
                _ => {}
            }
        }
        let env = StaticModuleEnv::from_module(&transformed);
        for (name, params) in top_level_functions(&transformed).into_iter().filter(|(n, _)| n.starts_with("__pynum")) {
            type_and_lower(&env, None, &name, params, text)?;
        }
    }
    Ok(())
}

fn is_bug(error: &FrontendError) -> bool {
    error.is_bug()
}

// ---- code object mutation -----------------------------------------------------------

#[derive(Debug, Clone)]
enum CodeMutation {
    Opcode(usize, u8),
    Arg(usize, u8),
    Delete(usize),
    Duplicate(usize),
    Truncate(usize),
    ExceptionTable(usize, u8),
    ArgCount(u8),
}

fn code_mutation() -> impl Strategy<Value = CodeMutation> {
    prop_oneof![
        4 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| CodeMutation::Opcode(i, b)),
        4 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| CodeMutation::Arg(i, b)),
        1 => any::<usize>().prop_map(CodeMutation::Delete),
        1 => any::<usize>().prop_map(CodeMutation::Duplicate),
        1 => any::<usize>().prop_map(CodeMutation::Truncate),
        1 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| CodeMutation::ExceptionTable(i, b)),
        1 => (0u8..6).prop_map(CodeMutation::ArgCount),
    ]
}

fn mutate_code(code: &CodeObject, mutations: &[CodeMutation]) -> CodeObject {
    let mut code = code.clone();
    let mut units: Vec<CodeUnit> = code.instructions.to_vec();
    let mut locations = code.locations.to_vec();
    for m in mutations {
        let n = units.len();
        match *m {
            _ if n == 0 => break,
            CodeMutation::Opcode(i, byte) => {
                // Only opcodes the format defines: an undefined byte cannot be a CodeUnit.
                if let Ok(op) = Instruction::try_from(byte) {
                    units[i % n].op = op;
                }
            }
            CodeMutation::Arg(i, byte) => units[i % n].arg = byte.into(),
            CodeMutation::Delete(i) => {
                units.remove(i % n);
                if i % n < locations.len() {
                    locations.remove(i % n);
                }
            }
            CodeMutation::Duplicate(i) => {
                units.insert(i % n, units[i % n]);
                if i % n < locations.len() {
                    locations.insert(i % n, locations[i % n]);
                }
            }
            CodeMutation::Truncate(i) => {
                units.truncate(i % n);
                locations.truncate(i % n);
            }
            CodeMutation::ExceptionTable(i, byte) => {
                let mut table = code.exceptiontable.to_vec();
                if table.is_empty() {
                    table.push(byte);
                } else {
                    let len = table.len();
                    table[i % len] = byte;
                }
                code.exceptiontable = table.into_boxed_slice();
            }
            CodeMutation::ArgCount(count) => code.arg_count = u32::from(count),
        }
    }
    code.instructions = CodeUnits::from(units);
    code.locations = locations.into_boxed_slice();
    code
}

fn check_mutated_code(text: &str, pick: usize, mutations: &[CodeMutation]) -> Result<(), TestCaseError> {
    let Ok(module) = rustpython_compiler::compile(text, rustpython_compiler::Mode::Exec, "prop.py", Default::default())
    else {
        return Ok(());
    };
    let mut codes = Vec::new();
    walk_code_objects(&module, &mut codes);
    let original = codes[pick % codes.len()];
    let code: CodeObject<ConstantData> = mutate_code(original, mutations);
    let input = format!("{text}--- code object {} with {mutations:?} ---", original.qualname.as_str());
    let analysis = stage("analyze (mutated)", &input, || analyze(&code))?;
    if let Ok(pynum_jit::Analysis { ir: Ok(func), .. }) = analysis {
        stage("auto::is_candidate (mutated)", &input, || pynum_jit::auto::is_candidate(&func))?;
        let env = StaticModuleEnv::from_module(&module);
        type_and_lower(&env, Some(&func), original.qualname.as_str(), code.arg_count as usize, &input)?;
    }
    Ok(())
}

// ---- the properties -------------------------------------------------------------------

/// Runs a property with the panic message printed once (by the failure), not per shrink.
fn run<S: Strategy>(strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>) {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(quiet_panic_hook));
    let started = std::time::Instant::now();
    let mut runner = TestRunner::new(config());
    let result = runner.run(&strategy, test);
    std::panic::set_hook(hook);
    println!("{} cases in {:.1} s", cases(), started.elapsed().as_secs_f64());
    if let Err(error) = result {
        panic!("{error}");
    }
}

#[test]
fn generated_and_mutated_sources() {
    run((program(), prop::collection::vec(source_mutation(), 0..4)), |(text, mutations)| {
        check_source(&text)?;
        if !mutations.is_empty() {
            check_source(&mutate_source(&text, &mutations))?;
        }
        Ok(())
    });
    let [tried, compiled] = SOURCES.each_ref().map(|n| n.load(std::sync::atomic::Ordering::Relaxed));
    println!("{tried} sources, {compiled} of them compiled by rustpython");
}

#[test]
fn mutated_code_objects() {
    run((program(), any::<usize>(), prop::collection::vec(code_mutation(), 1..6)), |(text, pick, mutations)| {
        check_mutated_code(&text, pick, &mutations)
    });
}
