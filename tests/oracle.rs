//! CPython's own unit tests as an oracle for the JIT, in CI (issue 14, item 6): the fixed
//! `--quick` subset of `tests/oracle_cpython_tests.py` runs each module under
//! `pynum-run --no-jit`, at `PYNUM_JIT_THRESHOLD=0` and at the default policy, and fails
//! when a test's outcome differs between the interpreter alone and a JIT policy, or the
//! JIT alone crashes a module. What the interpreter scores on its own does not matter
//! here. `--confirm` reruns a differing module so that a timing-dependent outcome seen
//! once does not fail CI.

use std::process::Command;

use pynum_tests::{cpython, pynum_run, repo_root};

#[test]
fn cpython_unit_tests_have_the_same_outcomes_with_and_without_the_jit() {
    let output = Command::new(cpython())
        .arg(repo_root().join("tests/oracle_cpython_tests.py"))
        .args(["--quick", "--confirm", "--pynum"])
        .arg(pynum_run())
        .output()
        .expect("run tests/oracle_cpython_tests.py");
    let report = String::from_utf8_lossy(&output.stdout);
    let errors = String::from_utf8_lossy(&output.stderr);
    println!("{report}");
    assert!(output.status.success(), "the JIT changed CPython unit-test outcomes:\n{report}\n{errors}");
    assert!(
        report.contains("== tests whose outcome differs from --no-jit"),
        "the oracle did not report:\n{report}\n{errors}"
    );
}
