//! Differential tests: every program of `tests/py/` and of the shared benchmark folder
//! `../shared/bench/auto/` runs under CPython and under `pynum-run`; stdout and the exit
//! status must be identical and the last stderr line must agree (see
//! `tests/known_message_differences.tsv`).
//!
//! A program's first line may be `# args: a b c`, the arguments both interpreters get.
//!
//! The `tests/py/` and shared programs run three times under pynum: with the default
//! JIT policy, with `PYNUM_JIT_THRESHOLD=0` (compile at the first opportunity) and with
//! `PYNUM_JIT_THRESHOLD=2` (loops start in the interpreter and move into native code at
//! their header on the second iteration: on-stack replacement everywhere), none of which
//! may change a byte of output; the `tests/py/` programs run a fourth time with the JIT
//! off (`PYNUM_JIT=0`), where the interpreter alone owes CPython's output.
//!
//! `tests/njit/` programs use `@njit`: CPython runs them with `tests/oracle/numba`
//! (decorators that return the function), pynum with its own `numba`; every decorated
//! function must compile natively (pynum says so on stderr when one does not).
//! `PYNUM_SHARED_BENCH` points at another benchmark folder; a missing one is reported as
//! ignored tests, not silently skipped.

use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};
use pynum_tests::{cpython, first_difference, pynum_run, repo_root, run_with_env, same_last_line};

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    let corpus = repo_root().join("tests/py");
    for path in python_files(&corpus) {
        trials.push(trial("py", path.clone()));
        trials.push(trial("py_jit0", path.clone()));
        trials.push(trial("py_osr", path.clone()));
        trials.push(trial("py_nojit", path));
    }
    for path in python_files(&repo_root().join("tests/njit")) {
        trials.push(trial("njit", path));
    }
    // The shared benchmark scripts live beside the clone in this workplace; a CI clone
    // elsewhere finds them at the workplace's fixed path.
    let shared = std::env::var_os("PYNUM_SHARED_BENCH")
        .map(PathBuf::from)
        .or_else(|| {
            [repo_root().join("../shared/bench/auto"), PathBuf::from("/work/shared/bench/auto")]
                .into_iter()
                .find(|p| p.is_dir())
        })
        .unwrap_or_else(|| repo_root().join("../shared/bench/auto"));
    if shared.is_dir() {
        for path in python_files(&shared) {
            trials.push(trial("bench_auto", path.clone()));
            trials.push(trial("bench_auto_jit0", path.clone()));
            trials.push(trial("bench_auto_osr", path));
        }
    } else {
        trials.push(
            Trial::test("bench_auto::(folder missing)", || Ok(()))
                .with_ignored_flag(true),
        );
    }
    libtest_mimic::run(&args, trials).exit();
}

fn python_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|ext| ext == "py"))
        .collect();
    files.sort();
    files
}

fn trial(group: &str, path: PathBuf) -> Trial {
    let name = format!("{group}::{}", path.file_stem().unwrap().to_string_lossy());
    let policy = if group.ends_with("_jit0") {
        Some(("PYNUM_JIT_THRESHOLD", "0"))
    } else if group.ends_with("_osr") {
        Some(("PYNUM_JIT_THRESHOLD", "2"))
    } else if group.ends_with("_nojit") {
        Some(("PYNUM_JIT", "0"))
    } else {
        None
    };
    Trial::test(name, move || compare(&path, policy))
}

/// Arguments from a `# args: ...` first line.
fn declared_args(source: &str) -> Vec<String> {
    source
        .lines()
        .next()
        .and_then(|line| line.strip_prefix("# args:"))
        .map(|rest| rest.split_whitespace().map(str::to_owned).collect())
        .unwrap_or_default()
}

fn compare(path: &Path, policy: Option<(&str, &str)>) -> Result<(), Failed> {
    let source = std::fs::read_to_string(path).map_err(|e| format!("read {}: {e}", path.display()))?;
    let dir = path.parent().expect("file has a folder");
    let file_name = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut args = vec![file_name.as_str()];
    let declared = declared_args(&source);
    args.extend(declared.iter().map(String::as_str));

    let is_njit = dir.ends_with("njit");
    let oracle_numba = repo_root().join("tests/oracle");
    let oracle_env: Vec<(&str, &str)> = if is_njit { vec![("PYTHONPATH", oracle_numba.to_str().unwrap())] } else { vec![] };
    let oracle = run_with_env(&cpython(), &args, dir, "", &oracle_env);
    let pynum_binary = pynum_run();
    let pynum_env: Vec<(&str, &str)> = policy.into_iter().collect();
    let pynum = run_with_env(&pynum_binary, &args, dir, "", &pynum_env);

    let mut problems = Vec::new();
    if oracle.stdout != pynum.stdout {
        problems.push(format!("stdout differs; {}", first_difference(&oracle.stdout, &pynum.stdout)));
    }
    if oracle.status != pynum.status {
        problems.push(format!("exit status: cpython {} pynum {}", oracle.status, pynum.status));
    }
    let pynum_name = pynum_binary.to_string_lossy().into_owned();
    let oracle_name = cpython().to_string_lossy().into_owned();
    if !same_last_line(oracle.last_stderr_line(), pynum.last_stderr_line(), &oracle_name, &pynum_name)
    {
        problems.push(format!(
            "last stderr line:\n  cpython: {}\n  pynum:   {}",
            oracle.last_stderr_line(),
            pynum.last_stderr_line()
        ));
    }
    if is_njit && pynum.stderr.contains("cannot compile in nopython mode") {
        problems.push("an @njit function fell back to the interpreter".to_owned());
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n{}\n--- pynum stderr ---\n{}", path.display(), problems.join("\n"), pynum.stderr).into())
    }
}
