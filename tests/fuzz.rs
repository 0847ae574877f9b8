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
        .arg("--coverage")
        .arg(out_dir.join("coverage.md"))
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
    // What the batch exercised: compiled code's IR and LIR, registry entries, lift shapes.
    let coverage = std::fs::read_to_string(out_dir.join("coverage.md")).expect("the coverage report");
    for section in ["## ir", "## lir", "## op", "## operator", "## lift", "## deopt", "## compiled"] {
        assert!(coverage.contains(&format!("{section}\n")), "no {section} in the coverage report:\n{coverage}");
    }
    // Every op, operator lowering, constant and helper of the ops registry ran natively in
    // some program: an entry the generator does not reach (a new one) fails here.
    let line = report.lines().find(|l| l.starts_with("fuzz: coverage")).unwrap_or("");
    assert!(!line.is_empty() && !line.contains("unexercised"), "registry entries no program exercised: {line}");
    let _ = std::fs::remove_dir_all(&out_dir);
}

/// The runner's own machinery: the JIT event a divergence is keyed by (from a real
/// `pynum-run --jit-log` and from a stand-in that diverges on purpose) and the coverage
/// report's sums (`tests/fuzz/test_runner.py`).
#[test]
fn the_fuzz_runner_keys_divergences_by_the_jit_event_before_them() {
    let output = Command::new(cpython())
        .args(["-m", "unittest", "-v"])
        .arg(repo_root().join("tests/fuzz/test_runner.py"))
        .env("PYNUM_RUN", pynum_run())
        .output()
        .expect("run tests/fuzz/test_runner.py");
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{errors}");
    assert!(!errors.contains("skipped"), "every runner test ran:\n{errors}");
}
