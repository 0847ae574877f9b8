//! Golden filetests, after Cranelift's: each `tests/filetests/*.py` names a stage in its
//! first line (`# test: bytecode|cfg|ir|lift-plan|types|lir`), optionally the functions
//! to show (`# function: name`; a `lift-plan` test shows the module's code too unless it
//! names them), then Python source, then the expected dump in `# ` comment lines after
//! the `# ---- expected` marker. `BLESS=1` rewrites the expectations.
//!
//! IR tests also check that the printed IR parses back to the same function.

use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};
use pynum_jit::{analyze, bytecode::walk_code_objects, ir, Dump};

const MARKER: &str = "# ---- expected (BLESS=1 regenerates) ----";

fn main() {
    let args = Arguments::from_args();
    // Cargo sets the variable when it runs a test; the compile-time value may name another clone.
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").to_owned());
    let dir = Path::new(&manifest_dir).join("tests/filetests");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/filetests exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    files.sort();
    let trials = files
        .into_iter()
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            Trial::test(name, move || run_filetest(&path))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

fn run_filetest(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let (source, expected) = match text.split_once(MARKER) {
        Some((source, expected)) => (source.trim_end().to_owned() + "\n", Some(expected)),
        None => (text.clone(), None),
    };
    let directive = |key: &str| {
        source.lines().find_map(|l| l.strip_prefix(&format!("# {key}: ")).map(str::trim).map(str::to_owned))
    };
    let stage = directive("test").ok_or("first line must be `# test: <stage> [<stage>...]`")?;
    let functions: Option<Vec<String>> = directive("function").map(|f| f.split(' ').map(str::to_owned).collect());
    // Lift plans are made for module code too.
    let module_too = stage.split(' ').any(|s| s == "lift-plan");
    let dumps = stage
        .split(' ')
        .map(|s| match s {
            "bytecode" => Ok(Dump::Bytecode),
            "cfg" => Ok(Dump::Cfg),
            "ir" => Ok(Dump::Ir),
            "lift-plan" => Ok(Dump::LiftPlan),
            // Placeholders: the types and LIR stages are handled below.
            "types" | "lir" => Ok(Dump::Ir),
            other => Err(format!("unknown stage {other:?}")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let file_name = path.file_name().unwrap().to_string_lossy().into_owned();
    let module = rustpython_compiler::compile(&source, rustpython_compiler::Mode::Exec, &file_name, Default::default())
        .map_err(|e| format!("compile error: {e}"))?;
    let mut actual = String::new();
    if stage == "types" {
        actual = type_signatures(&source, &module)?;
        return compare_or_bless(path, &source, expected, &actual);
    }
    if stage == "lir" {
        actual = lir_signatures(&source, &module)?;
        return compare_or_bless(path, &source, expected, &actual);
    }
    let mut codes = Vec::new();
    walk_code_objects(&module, &mut codes);
    for code in codes {
        let selected = match &functions {
            Some(names) => names.contains(&code.qualname),
            None => module_too || code.qualname != "<module>",
        };
        if !selected {
            continue;
        }
        let analysis = analyze(code).map_err(|e| format!("{}: {e}", code.qualname))?;
        if let Ok(func) = &analysis.ir {
            let printed = func.to_string();
            let parsed =
                ir::parse_function(&printed).map_err(|e| format!("printed IR does not parse: {e}\n{printed}"))?;
            if parsed.to_string() != printed {
                return Err(format!("IR round trip changed the text:\n{printed}\n---\n{parsed}").into());
            }
        }
        if let Err(err) = &analysis.ir {
            if err.is_bug() {
                return Err(format!("{}: {err}", code.qualname).into());
            }
        }
        for &dump in &dumps {
            actual.push_str(&analysis.dump(dump));
        }
    }
    compare_or_bless(path, &source, expected, &actual)
}

/// `# signature: f(int64, float64)` lines: each function typed for its signature, one
/// line per variable, or the error as a user would see it.
fn type_signatures(source: &str, module: &rustpython_compiler_core::bytecode::CodeObject) -> Result<String, Failed> {
    use pynum_jit::typeinfer::{Inferencer, StaticModuleEnv, TypingContext};
    use pynum_jit::types::Type;
    let env = StaticModuleEnv::from_module(module);
    let mut inferencer = Inferencer::new(TypingContext::CPU, &env);
    let mut out = String::new();
    for signature in source.lines().filter_map(|l| l.strip_prefix("# signature: ")) {
        let (name, args) = signature.trim().strip_suffix(')').and_then(|s| s.split_once('(')).ok_or("bad signature")?;
        let args: Vec<Type> = args
            .split(',')
            .filter(|a| !a.trim().is_empty())
            .map(|a| Type::parse(a).ok_or_else(|| format!("unknown type {a:?}")))
            .collect::<Result<_, _>>()?;
        out.push_str(&format!("---- types {signature} ----\n"));
        match inferencer.infer(name, &args) {
            Ok(typed) => out.push_str(&typed.variable_table()),
            Err(err) => out.push_str(&err.render(Some(source))),
        }
    }
    Ok(out)
}

/// A signature's argument type: the names `Type::parse` knows, and `list(<item>)`.
fn signature_type(name: &str) -> Option<pynum_jit::types::Type> {
    use pynum_jit::types::Type;
    match name.trim().strip_prefix("list(").and_then(|n| n.strip_suffix(')')) {
        Some(item) => Some(Type::List(Box::new(signature_type(item)?))),
        None => Type::parse(name),
    }
}

/// `# signature: f(int64, float64)` lines of a `lir` test: each function typed for its
/// signature (under automatic mode's semantics, or `@njit`'s with `# semantics: njit`),
/// lowered with what it calls, and printed as LIR; the printed LIR must parse back to the
/// same module and pass the verifier.
fn lir_signatures(source: &str, module: &rustpython_compiler_core::bytecode::CodeObject) -> Result<String, Failed> {
    use pynum_jit::typeinfer::{Inferencer, StaticModuleEnv, TypingContext};
    use pynum_jit::types::Type;
    let python = !source.lines().any(|l| l.trim() == "# semantics: njit");
    let env = StaticModuleEnv::from_module(module);
    let mut inferencer = Inferencer::new(if python { TypingContext::CPU_PYTHON } else { TypingContext::CPU }, &env);
    let mut out = String::new();
    for signature in source.lines().filter_map(|l| l.strip_prefix("# signature: ")) {
        let (name, args) = signature.trim().strip_suffix(')').and_then(|s| s.split_once('(')).ok_or("bad signature")?;
        let args: Vec<Type> = args
            .split(", ")
            .filter(|a| !a.trim().is_empty())
            .map(|a| signature_type(a).ok_or_else(|| format!("unknown type {a:?}")))
            .collect::<Result<_, _>>()?;
        out.push_str(&format!("---- LIR {signature} ----\n"));
        let typed = inferencer.infer(name, &args).map_err(|e| e.render(Some(source)))?;
        let functions = pynum_jit::driver::reachable_functions(&typed, &mut inferencer).map_err(|e| e.to_string())?;
        let lir = pynum_jit::driver::lower(&functions, python).map_err(|e| e.to_string())?;
        let printed = lir.to_string();
        let parsed = pynum_jit::lir::parse_module(&printed)
            .map_err(|e| format!("printed LIR does not parse: {e:?}\n{printed}"))?;
        if parsed != lir {
            return Err(format!("LIR round trip changed the module:\n{printed}\n---\n{parsed}").into());
        }
        out.push_str(&printed);
    }
    Ok(out)
}

fn compare_or_bless(path: &Path, source: &str, expected: Option<&str>, actual: &str) -> Result<(), Failed> {
    let rendered: String =
        actual.lines().map(|l| if l.is_empty() { "#\n".to_owned() } else { format!("# {l}\n") }).collect();
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(path, format!("{}{MARKER}\n{rendered}", source)).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let expected = expected.ok_or("no expectation yet: run with BLESS=1")?;
    let expected = expected.trim_start_matches('\n');
    if expected != rendered {
        let diff = first_difference(expected, &rendered);
        return Err(format!("{} differs from its expectation (BLESS=1 to accept):\n{diff}", path.display()).into());
    }
    Ok(())
}

fn first_difference(expected: &str, actual: &str) -> String {
    for (n, (e, a)) in expected.lines().zip(actual.lines()).enumerate() {
        if e != a {
            return format!("line {}:\n  expected: {e}\n  actual:   {a}", n + 1);
        }
    }
    format!("lengths differ: expected {} lines, got {}", expected.lines().count(), actual.lines().count())
}
