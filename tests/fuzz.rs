//! Differential fuzzing in CI (issue 14, item 7): a fixed-seed batch of generated programs
//! (`tests/fuzz/gen.py`) runs under python3, `pynum-run --no-jit` and `pynum-run` at the
//! default JIT policy and at thresholds 0 and 2 (`tests/fuzz/run.py`); any divergence fails
//! the test with its shrunk reproducer. The seeds never change, so a failure is a bug to fix
//! (the reproducer says how to replay it), not a flaky test.

use std::process::Command;

use pynum_tests::{cpython, pynum_run, repo_root};

/// The CI batch: seeds `FIRST_SEED .. FIRST_SEED + PROGRAMS`.
const FIRST_SEED: u64 = 1;
const PROGRAMS: u64 = 2000;

#[test]
fn generated_programs_agree_with_cpython_under_every_jit_policy() {
    let root = repo_root();
    let out_dir = std::env::temp_dir().join(format!("pynum-fuzz-ci-{}", std::process::id()));
    let output = Command::new(cpython())
        .arg(root.join("tests/fuzz/run.py"))
        .arg("--pynum")
        .arg(pynum_run())
        .arg("--python")
        .arg(cpython())
        .args(["--seed", &FIRST_SEED.to_string(), "--count", &PROGRAMS.to_string()])
        .arg("--out")
        .arg(&out_dir)
        .output()
        .expect("run tests/fuzz/run.py");
    let report = String::from_utf8_lossy(&output.stdout);
    let errors = String::from_utf8_lossy(&output.stderr);
    println!("{report}");
    assert!(
        output.status.success(),
        "generated programs diverged from CPython (shrunk reproducers in {}):\n{report}\n{errors}",
        out_dir.display()
    );
    assert!(
        report.contains(&format!("fuzz: {PROGRAMS} programs")),
        "the runner did not report its batch:\n{report}\n{errors}"
    );
}
