//! The `# run:` lines of the golden filetests (`jit/tests/filetests/*.py`), after
//! Cranelift's `test run`: each line calls a function of the file with literal arguments
//! and states what must happen:
//!
//! ```text
//! # run: f(3, 4) == 7
//! # run: g(-7, 0) raises ZeroDivisionError
//! # run: h(2**62, 4) deopts
//! ```
//!
//! The function is typed for the literals' types (`3` int64, `1.5` float64, `True` bool,
//! `[1, 2]` a list of int64), lowered to LIR under automatic mode's semantics (or
//! `@njit`'s, with `# semantics: njit`), then run by the LIR interpreter, the reference,
//! and by the backend under test. Every backend must agree with the interpreter exactly
//! (status, result bits, the site or raise index, the lists it leaves), and the
//! interpreter with the line.
//!
//! Assumes the test runs in a crate two folders below the repository root
//! (`targets/<backend>`), where cargo sets `CARGO_MANIFEST_DIR`.

use std::path::{Path, PathBuf};

use libtest_mimic::{Failed, Trial};
use pynum_jit::backend::DumpOptions;
use pynum_jit::driver::{lower, reachable_functions};
use pynum_jit::lir::{self, MType, RunOutcome, Status};
use pynum_jit::typeinfer::{Inferencer, StaticModuleEnv, TypingContext};
use pynum_jit::types::Type;

use crate::MakeBackend;

/// One trial per `# run:` line: the LIR interpreter, then `make()`'s backend.
pub(crate) fn trials(make: MakeBackend) -> Vec<Trial> {
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").to_owned());
    let dir = Path::new(&manifest_dir).join("../../jit/tests/filetests");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("jit/tests/filetests exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    files.sort();
    let mut trials = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable filetest");
        let source = text.split("# ---- expected").next().unwrap_or("").to_owned();
        let runs: Vec<(usize, String)> = source
            .lines()
            .enumerate()
            .filter_map(|(n, l)| l.strip_prefix("# run: ").map(|r| (n + 1, r.trim().to_owned())))
            .collect();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        for (line, run) in runs {
            let (source, file) = (source.clone(), path.file_name().unwrap().to_string_lossy().into_owned());
            trials.push(Trial::test(format!("{stem}:{line}"), move || run_line(make, &file, &source, &run)));
        }
    }
    trials
}

/// A literal argument.
#[derive(Debug, Clone)]
enum Value {
    Int(i64),
    Float(f64),
    Bool(bool),
    IntList(Vec<i64>),
    FloatList(Vec<f64>),
}

impl Value {
    fn ty(&self) -> Type {
        match self {
            Value::Int(_) => Type::INT64,
            Value::Float(_) => Type::FLOAT64,
            Value::Bool(_) => Type::Bool,
            Value::IntList(_) => Type::List(Box::new(Type::INT64)),
            Value::FloatList(_) => Type::List(Box::new(Type::FLOAT64)),
        }
    }
}

/// What a run line expects.
#[derive(Debug)]
enum Expect {
    Returns(Vec<Value>),
    Raises(String),
    Deopts,
}

fn run_line(make: MakeBackend, file: &str, source: &str, run: &str) -> Result<(), Failed> {
    let python = !source.lines().any(|l| l.trim() == "# semantics: njit");
    let (call, expect) = parse_run(run)?;
    let (name, args) = call;
    let code = rustpython_compiler::compile(source, rustpython_compiler::Mode::Exec, file, Default::default())
        .map_err(|e| format!("compile error: {e}"))?;
    let env = StaticModuleEnv::from_module(&code);
    let context = if python { TypingContext::CPU_PYTHON } else { TypingContext::CPU };
    let mut inferencer = Inferencer::new(context, &env);
    let types: Vec<Type> = args.iter().map(Value::ty).collect();
    let typed = inferencer.infer(&name, &types).map_err(|e| format!("typing {name}: {e}"))?;
    let functions = reachable_functions(&typed, &mut inferencer).map_err(|e| e.to_string())?;
    let module = lower(&functions, python).map_err(|e| e.to_string())?;
    let return_parts = lir::lower::parts(&typed.return_type).map_err(|e| e.to_string())?;

    // The arguments as words; lists live in buffers that outlive every run.
    let mut buffers: Vec<Vec<u64>> = Vec::new();
    let mut words = Vec::new();
    for arg in &args {
        words.push(match arg {
            Value::Int(i) => *i as u64,
            Value::Float(x) => x.to_bits(),
            Value::Bool(b) => u64::from(*b),
            Value::IntList(items) => list_buffer(&mut buffers, items.iter().map(|&i| i as u64)),
            Value::FloatList(items) => list_buffer(&mut buffers, items.iter().map(|x| x.to_bits())),
        });
    }
    let pristine = buffers.clone();
    let reference =
        lir::run(&module, 0, &words, 1000, 50_000_000).map_err(|e| format!("LIR interpreter: {e:?}\n{module}"))?;
    let reference_memory = buffers.clone();
    check_expectation(&reference, &expect, &return_parts, &module)
        .map_err(|e| format!("LIR interpreter: {e}\n{module}"))?;

    let backend = make();
    buffers.clone_from(&pristine);
    let mut words = words.clone();
    let mut at = 0;
    for (word, arg) in words.iter_mut().zip(&args) {
        if matches!(arg, Value::IntList(_) | Value::FloatList(_)) {
            *word = buffers[at].as_ptr() as u64;
            at += 1;
        }
    }
    // The copy the driver hands this backend (rotated loops, moved guards), checked against
    // the interpreter's run of the module as optimized.
    let prepared = pynum_jit::driver::backend_copy(backend.as_ref(), &module);
    let translated = prepared.as_ref().unwrap_or(&module);
    let code = backend.compile(translated, &DumpOptions::default()).map_err(|e| format!("{}: {e}", backend.name()))?;
    let mut out = vec![0u64; return_parts.len().max(1)];
    // SAFETY: the entry follows the ABI; list arguments point at live buffers.
    let status = unsafe { (code.entry())(words.as_ptr(), out.as_mut_ptr(), 1000) };
    let status = Status::from_code(status).ok_or_else(|| format!("{}: status {status}", backend.name()))?;
    let outcome = match status {
        Status::Ok => RunOutcome::Returned(
            out[..return_parts.len()]
                .iter()
                .zip(&return_parts)
                .map(|(&w, &t)| pynum_runtime::abi::from_word(w, t))
                .collect(),
        ),
        Status::Deopt | Status::StaticRaise => RunOutcome::Exited { status, word: out[0] },
        _ => RunOutcome::Exited { status, word: 0 },
    };
    let reference = match &reference {
        RunOutcome::Exited { status, .. } if !matches!(status, Status::Deopt | Status::StaticRaise) => {
            RunOutcome::Exited { status: *status, word: 0 }
        }
        other => other.clone(),
    };
    if !same_outcome(&outcome, &reference) {
        return Err(format!("{} gives {outcome:?}, the LIR interpreter {reference:?}\n{module}", backend.name()).into());
    }
    if buffers != reference_memory {
        return Err(
            format!("{} leaves lists {buffers:?}, the LIR interpreter {reference_memory:?}", backend.name()).into()
        );
    }
    Ok(())
}

fn list_buffer(buffers: &mut Vec<Vec<u64>>, items: impl Iterator<Item = u64>) -> u64 {
    let mut buffer: Vec<u64> = items.collect();
    buffer.insert(0, buffer.len() as u64);
    let address = buffer.as_ptr() as u64;
    buffers.push(buffer);
    address
}

/// Outcomes agree; NaN results agree whatever their payload.
fn same_outcome(a: &RunOutcome, b: &RunOutcome) -> bool {
    match (a, b) {
        (RunOutcome::Returned(x), RunOutcome::Returned(y)) => {
            x.len() == y.len()
                && x.iter().zip(y).all(|(p, q)| p == q || (f64::from_bits(*p).is_nan() && f64::from_bits(*q).is_nan()))
        }
        _ => a == b,
    }
}

fn check_expectation(
    outcome: &RunOutcome,
    expect: &Expect,
    parts: &[MType],
    module: &lir::Module,
) -> Result<(), String> {
    match (expect, outcome) {
        (Expect::Returns(values), RunOutcome::Returned(bits)) => {
            let mut expected_bits = Vec::new();
            for v in values {
                expected_bits.push(match v {
                    Value::Int(i) => *i as u64,
                    Value::Float(x) => x.to_bits(),
                    Value::Bool(b) => u64::from(*b),
                    other => return Err(format!("a list result {other:?} is not supported")),
                });
            }
            // An int where the function returns a float: compare as Python's `==` would.
            let equal = expected_bits.len() == bits.len()
                && expected_bits.iter().zip(bits).zip(values).zip(parts).all(|(((e, a), v), t)| match (v, t) {
                    (Value::Int(i), MType::F64) => f64::from_bits(*a) == *i as f64,
                    (Value::Float(x), _) if x.is_nan() => f64::from_bits(*a).is_nan(),
                    _ => e == a,
                });
            if equal {
                Ok(())
            } else {
                Err(format!("returned {}, expected {values:?}", render(bits, parts)))
            }
        }
        (Expect::Raises(name), RunOutcome::Exited { status: Status::StaticRaise, word }) => {
            let raised = module.raises.get(*word as usize).map(|(exc, _)| exc.as_str());
            if raised == Some(name.as_str()) {
                Ok(())
            } else {
                Err(format!("raised {raised:?}, expected {name}"))
            }
        }
        (Expect::Raises(name), RunOutcome::Exited { status, .. }) if status.exception().0 == name => Ok(()),
        (Expect::Deopts, RunOutcome::Exited { status: Status::Deopt, .. }) => Ok(()),
        (expect, outcome) => Err(format!("{outcome:?} where the line expects {expect:?}")),
    }
}

fn render(bits: &[u64], parts: &[MType]) -> String {
    let items: Vec<String> = bits
        .iter()
        .zip(parts)
        .map(|(&b, t)| match t {
            MType::F64 => format!("{:?}", f64::from_bits(b)),
            MType::I1 => (if b != 0 { "True" } else { "False" }).to_owned(),
            _ => (b as i64).to_string(),
        })
        .collect();
    items.join(", ")
}

// ---- the run line's little language ----

fn parse_run(run: &str) -> Result<((String, Vec<Value>), Expect), String> {
    let open = run.find('(').ok_or("a run line is `f(args) == value`, `raises E` or `deopts`")?;
    let name = run[..open].trim().to_owned();
    let close = matching_paren(run, open).ok_or("unbalanced parentheses")?;
    let args = split_top_level(&run[open + 1..close]).iter().map(|a| parse_value(a)).collect::<Result<Vec<_>, _>>()?;
    let rest = run[close + 1..].trim();
    let expect = if let Some(value) = rest.strip_prefix("==") {
        let value = value.trim();
        let values = match value.strip_prefix('(').and_then(|v| v.strip_suffix(')')) {
            Some(items) => split_top_level(items).iter().map(|a| parse_value(a)).collect::<Result<Vec<_>, _>>()?,
            None => vec![parse_value(value)?],
        };
        Expect::Returns(values)
    } else if let Some(exc) = rest.strip_prefix("raises") {
        Expect::Raises(exc.trim().to_owned())
    } else if rest == "deopts" {
        Expect::Deopts
    } else {
        return Err(format!("unknown expectation {rest:?}"));
    };
    Ok(((name, args), expect))
}

fn matching_paren(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, c) in text.char_indices().skip_while(|(i, _)| *i < open) {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

fn split_top_level(text: &str) -> Vec<String> {
    let mut items = Vec::new();
    let (mut depth, mut current) = (0, String::new());
    for c in text.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                items.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    if !current.trim().is_empty() {
        items.push(current);
    }
    items.into_iter().map(|s| s.trim().to_owned()).collect()
}

fn parse_value(text: &str) -> Result<Value, String> {
    let text = text.trim();
    match text {
        "True" => return Ok(Value::Bool(true)),
        "False" => return Ok(Value::Bool(false)),
        "inf" => return Ok(Value::Float(f64::INFINITY)),
        "-inf" => return Ok(Value::Float(f64::NEG_INFINITY)),
        "nan" => return Ok(Value::Float(f64::NAN)),
        _ => {}
    }
    if let Some(items) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        let values = split_top_level(items).iter().map(|a| parse_value(a)).collect::<Result<Vec<_>, _>>()?;
        if values.iter().all(|v| matches!(v, Value::Int(_))) {
            return Ok(Value::IntList(values.into_iter().map(|v| if let Value::Int(i) = v { i } else { 0 }).collect()));
        }
        let floats = values.into_iter().map(|v| match v {
            Value::Float(x) => Ok(x),
            other => Err(format!("a list mixes {other:?} with floats")),
        });
        return Ok(Value::FloatList(floats.collect::<Result<_, _>>()?));
    }
    if text.contains(['.', 'e']) && !text.contains("**") {
        return text.parse::<f64>().map(Value::Float).map_err(|e| format!("{text:?}: {e}"));
    }
    let value = int_expression(text)?;
    i64::try_from(value).map(Value::Int).map_err(|_| format!("{text} is outside int64"))
}

/// `2**62`, `-2**63`, `2**63 - 1`, `-7`: sums of powers and numbers.
fn int_expression(text: &str) -> Result<i128, String> {
    let mut total: i128 = 0;
    let mut sign = 1;
    let mut term = String::new();
    let flush = |term: &mut String, sign: i128, total: &mut i128| -> Result<(), String> {
        let t = std::mem::take(term);
        let t = t.trim();
        if t.is_empty() {
            return Ok(());
        }
        let value = match t.split_once("**") {
            Some((base, exp)) => {
                let base: i128 = base.trim().parse().map_err(|e| format!("{t:?}: {e}"))?;
                let exp: u32 = exp.trim().parse().map_err(|e| format!("{t:?}: {e}"))?;
                base.pow(exp)
            }
            None => t.parse().map_err(|e| format!("{t:?}: {e}"))?,
        };
        *total += sign * value;
        Ok(())
    };
    let mut previous = ' ';
    for c in text.chars() {
        if (c == '+' || c == '-') && previous != '*' {
            flush(&mut term, sign, &mut total)?;
            sign = if c == '-' { -1 } else { 1 };
        } else if !c.is_whitespace() {
            term.push(c);
        }
        if !c.is_whitespace() {
            previous = c;
        }
    }
    flush(&mut term, sign, &mut total)?;
    Ok(total)
}
