//! Robustness sweep: the whole front end over every code object of the frozen stdlib and
//! of `tests/py/`. No panic and no verifier failure is allowed; unsupported instructions
//! are fine and counted. Prints how many functions were fully translated.

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use pynum_jit::{analyze, bytecode::walk_code_objects};
use rustpython_compiler_core::bytecode::{BasicBag, CodeObject, Constant};

#[derive(Default, Debug)]
struct Tally {
    functions: usize,
    translated: usize,
    panics: Vec<String>,
    bugs: Vec<String>,
    unsupported: BTreeMap<String, usize>,
}

impl Tally {
    fn sweep<C: Constant>(&mut self, module: &CodeObject<C>) {
        let mut codes = Vec::new();
        walk_code_objects(module, &mut codes);
        for code in codes {
            self.functions += 1;
            let name = format!("{}:{}", code.source_path.as_ref(), code.qualname.as_ref());
            match catch_unwind(AssertUnwindSafe(|| analyze(code))) {
                Err(_) => self.panics.push(name),
                Ok(Err(err)) => self.bugs.push(format!("{name}: {err}")),
                Ok(Ok(analysis)) => match analysis.ir {
                    Ok(_) => self.translated += 1,
                    Err(err) if err.is_bug() => self.bugs.push(format!("{name}: {err}")),
                    Err(pynum_jit::FrontendError::Unsupported { opcode, .. }) => {
                        *self.unsupported.entry(opcode).or_default() += 1
                    }
                    Err(_) => unreachable!("is_bug covers the rest"),
                },
            }
        }
    }

    fn report(&self, what: &str) {
        println!(
            "{what}: {} of {} code objects fully translated ({:.1}%), {} panics, {} verifier failures",
            self.translated,
            self.functions,
            100.0 * self.translated as f64 / self.functions.max(1) as f64,
            self.panics.len(),
            self.bugs.len()
        );
        let mut top: Vec<_> = self.unsupported.iter().collect();
        top.sort_by_key(|(_, n)| std::cmp::Reverse(**n));
        for (opcode, n) in top.iter().take(12) {
            println!("  unsupported {opcode}: {n}");
        }
        for failure in self.panics.iter().chain(&self.bugs).take(20) {
            println!("  FAILURE {failure}");
        }
        assert!(
            self.panics.is_empty() && self.bugs.is_empty(),
            "{what}: the front end must never panic or fail verification"
        );
    }
}

#[test]
fn frozen_stdlib_never_panics() {
    let mut tally = Tally::default();
    for (_, module) in rustpython_pylib::FROZEN_STDLIB.decode() {
        let code = module.code.decode(BasicBag);
        tally.sweep(&code);
    }
    tally.report("frozen stdlib");
    assert!(tally.functions > 10_000, "the frozen stdlib has many code objects");
}

/// Every program of `tests/py/`, compiled, with its file name.
fn corpus_modules() -> Vec<(String, CodeObject)> {
    // Cargo sets the variable when it runs a test; the compile-time value may name another clone.
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").to_owned());
    let dir = std::path::Path::new(&manifest_dir).join("../tests/py");
    let mut modules = Vec::new();
    for entry in std::fs::read_dir(dir).expect("tests/py exists") {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "py") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let module = rustpython_compiler::compile(
            &source,
            rustpython_compiler::Mode::Exec,
            &path.to_string_lossy(),
            Default::default(),
        )
        .expect("corpus programs compile");
        modules.push((path.file_name().unwrap().to_string_lossy().into_owned(), module));
    }
    modules.sort_by(|a, b| a.0.cmp(&b.0));
    modules
}

#[test]
fn differential_corpus_never_panics() {
    let mut tally = Tally::default();
    for (_, module) in corpus_modules() {
        tally.sweep(&module);
    }
    tally.report("tests/py");
}

/// How many functions of `tests/py/` type fully when every argument is an int64, or
/// every argument a float64: the inference's reach on ordinary code (a figure, not a
/// target; the test fails only on panics).
#[test]
fn corpus_functions_typed_with_numeric_arguments() {
    use pynum_jit::typeinfer::{Environment, Inferencer, StaticModuleEnv, TypingContext};
    use pynum_jit::types::Type;
    let (mut functions, mut typed_int, mut typed_float, mut either) = (0, 0, 0, 0);
    let mut names = Vec::new();
    for (file_name, module) in corpus_modules() {
        let env = StaticModuleEnv::from_module(&module);
        let mut codes = Vec::new();
        walk_code_objects(&module, &mut codes);
        for code in codes.iter().skip(1) {
            let qualname = code.qualname.as_str();
            let Some(func) = env.function(qualname) else { continue };
            if func.qualname.contains(['<', '.']) {
                continue; // methods, lambdas, comprehensions and nested functions
            }
            functions += 1;
            let arity = func.params.len();
            let mut inferencer = Inferencer::new(TypingContext::CPU, &env);
            let as_int = inferencer.infer(qualname, &vec![Type::INT64; arity]).is_ok();
            let as_float = inferencer.infer(qualname, &vec![Type::FLOAT64; arity]).is_ok();
            typed_int += usize::from(as_int);
            typed_float += usize::from(as_float);
            if as_int || as_float {
                either += 1;
                names.push(format!("{file_name}:{qualname}"));
            }
        }
    }
    println!("tests/py: {functions} functions; typed with int64 arguments: {typed_int}, with float64: {typed_float}, either: {either}");
    for name in &names {
        println!("  typed: {name}");
    }
    assert!(functions > 100);
}
