//! Differential tests of `import numpy`: every `tests/numpy/<area>/*.py` program runs
//! under `pynum-run` and under CPython with NumPy 2.x, and their stdout, exit status and
//! last stderr line must be identical. Programs in `njit/` decorate functions taking
//! arrays with `@njit`: CPython runs them through the oracle's `numba`, and pynum must
//! compile every one.
//!
//! Assumes `python3 -m venv` and `pip` work on the machine: the venv with NumPy is made
//! on first use in `PYNUM_NUMPY_VENV` or `~/.cache/pynum/numpy-venv` (as `./dev
//! bench-njit` makes Numba's); `PYNUM_NUMPY_PYTHON` names an interpreter to use instead.

use libtest_mimic::{Arguments, Failed, Trial};
use pynum_tests::{first_difference, pynum_run, repo_root, run_with_env, Outcome};
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let args = Arguments::from_args();
    let root = repo_root().join("tests").join("numpy");
    let mut programs: Vec<PathBuf> = Vec::new();
    for area in std::fs::read_dir(&root).expect("tests/numpy exists").flatten() {
        if area.path().is_dir() {
            for file in std::fs::read_dir(area.path()).expect("an area folder").flatten() {
                if file.path().extension().is_some_and(|e| e == "py") {
                    programs.push(file.path());
                }
            }
        }
    }
    programs.sort();
    let python = std::sync::OnceLock::<Result<PathBuf, String>>::new();
    let python = std::sync::Arc::new(python);
    let trials = programs
        .into_iter()
        .map(|path| {
            let name = path.strip_prefix(&root).unwrap_or(&path).display().to_string();
            let python = python.clone();
            Trial::test(name, move || {
                let python = python.get_or_init(numpy_python).clone().map_err(Failed::from)?;
                compare(&path, &python)
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

/// A Python with NumPy: `PYNUM_NUMPY_PYTHON`, or the venv, made when missing.
fn numpy_python() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("PYNUM_NUMPY_PYTHON") {
        return Ok(PathBuf::from(p));
    }
    let venv = std::env::var_os("PYNUM_NUMPY_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cache/pynum/numpy-venv"));
    let python = venv.join("bin").join("python");
    let has_numpy = |p: &Path| Command::new(p).args(["-c", "import numpy"]).status().is_ok_and(|s| s.success());
    if !has_numpy(&python) {
        let made = Command::new("python3").arg("-m").arg("venv").arg(&venv).status();
        let pip = venv.join("bin").join("pip");
        let installed = made.is_ok_and(|s| s.success())
            && Command::new(&pip).args(["install", "-q", "numpy"]).status().is_ok_and(|s| s.success());
        if !installed || !has_numpy(&python) {
            return Err(format!("could not make a venv with NumPy in {}", venv.display()));
        }
    }
    Ok(python)
}

fn compare(path: &Path, python: &Path) -> Result<(), Failed> {
    let dir = path.parent().expect("a program has a folder");
    let file = path.to_str().expect("a UTF-8 path");
    // `njit/` programs use `@njit` on arrays: CPython runs them with the oracle's numba
    // (decorators that change nothing), and pynum must compile every one of them.
    let njit = dir.ends_with("njit");
    let oracle = repo_root().join("tests").join("oracle");
    let oracle_path = [("PYTHONPATH", oracle.to_str().expect("a UTF-8 path"))];
    let expected: Outcome = run_with_env(python, &[file], dir, "", if njit { &oracle_path } else { &[] });
    let actual: Outcome = run_with_env(&pynum_run(), &[file], dir, "", &[]);
    if njit && actual.stderr.contains("cannot compile in nopython mode") {
        return Err(format!("an @njit function fell back to the interpreter:\n{}", actual.stderr).into());
    }
    if expected.stdout != actual.stdout {
        return Err(format!("stdout differs:\n{}", first_difference(&expected.stdout, &actual.stdout)).into());
    }
    if expected.status != actual.status {
        return Err(format!(
            "exit status {} (pynum) != {} (NumPy); pynum's stderr:\n{}",
            actual.status, expected.status, actual.stderr
        )
        .into());
    }
    if expected.last_stderr_line() != actual.last_stderr_line() {
        return Err(format!(
            "last stderr line differs:\n  NumPy: {}\n  pynum: {}",
            expected.last_stderr_line(),
            actual.last_stderr_line()
        )
        .into());
    }
    Ok(())
}
