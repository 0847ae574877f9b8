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
        assert!(self.panics.is_empty() && self.bugs.is_empty(), "{what}: the front end must never panic or fail verification");
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

#[test]
fn differential_corpus_never_panics() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/py");
    let mut tally = Tally::default();
    for entry in std::fs::read_dir(dir).expect("tests/py exists") {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "py") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let module = rustpython_compiler::compile(&source, rustpython_compiler::Mode::Exec, &path.to_string_lossy(), Default::default())
            .expect("corpus programs compile");
        tally.sweep(&module);
    }
    tally.report("tests/py");
}
