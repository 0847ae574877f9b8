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
//! off (`PYNUM_JIT=0`), where the interpreter alone owes CPython's output, and a fifth
//! with every specialization compiled by LLVM at the first opportunity
//! (`PYNUM_BACKEND=llvm PYNUM_JIT_THRESHOLD=0`), tier 2's backend run differentially,
//! then capped at tier 1 (`PYNUM_TIER=1`: the policy users run, which weighs measured
//! time, so loops over small inputs wait in the interpreter) and at tier 2 with every
//! specialization recompiled by LLVM after its first tier-1 call
//! (`PYNUM_TIER=2 PYNUM_SYNC_COMPILE=1 PYNUM_JIT_THRESHOLD=1`, synchronous so the run is
//! deterministic): a loop in that first call moves to tier 2 at its first back edge
//! (on-stack replacement between tiers), and the calls after it run tier 2 from entry.
//! That run happens twice with a tier-2 code cache of its own, so that the second run
//! starts from the code the first kept (`pynum_llvm_loader::code_cache`).
//!
//! `tests/njit/` programs use `@njit`: CPython runs them with `tests/oracle/numba`
//! (decorators that return the function), pynum with its own `numba`; every decorated
//! function must compile natively (pynum says so on stderr when one does not).
//! `PYNUM_SHARED_BENCH` points at another benchmark folder; a missing one is reported as
//! ignored tests, not silently skipped. The fuzzer's shrunk reproducers
//! (`tests/fuzz/regressions/`) run under the default policy, thresholds 0 and 2, without
//! the JIT and at tier 2, with no compile count checked.
//!
//! Under the default policy the JIT must also do what it did: `tests/expected_native.tsv`
//! states how many specializations each program compiles (`py/<name>` or
//! `bench_auto/<name>`, a count, or `>=N` where threads make the count vary), so a change
//! that silently leaves a loop interpreted fails; those runs set `PYNUM_PREDICTABLE=1`,
//! which keeps decisions that weigh measured time (the copy-cost rule) out of the count.
//! `BLESS=1` rewrites the table from the counts of the run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

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
        trials.push(trial("py_llvm", path.clone()));
        trials.push(trial("py_tier1", path.clone()));
        trials.push(trial("py_tier2", path.clone()));
        trials.push(trial("py_nojit", path));
    }
    for path in python_files(&repo_root().join("tests/njit")) {
        trials.push(trial("njit", path));
    }
    // The fuzzer's shrunk reproducers, under the policies its campaigns compare.
    for path in python_files(&repo_root().join("tests/fuzz/regressions")) {
        for group in ["fuzz", "fuzz_jit0", "fuzz_osr", "fuzz_nojit", "fuzz_tier2"] {
            trials.push(trial(group, path.clone()));
        }
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
        trials.push(Trial::test("bench_auto::(folder missing)", || Ok(())).with_ignored_flag(true));
    }
    let conclusion = libtest_mimic::run(&args, trials);
    if std::env::var_os("BLESS").is_some() {
        bless_native_counts();
    }
    conclusion.exit();
}

const NATIVE_TABLE: &str = "tests/expected_native.tsv";

/// Specializations each program compiled in this run (default policy), for `BLESS=1`.
static COMPILED_COUNTS: Mutex<BTreeMap<String, usize>> = Mutex::new(BTreeMap::new());

/// The table's entries: program key, then the expectation as written (`3`, `>=2`).
fn native_table() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(repo_root().join(NATIVE_TABLE)).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once('\t'))
        .map(|(k, v)| (k.to_owned(), v.trim().to_owned()))
        .collect()
}

/// Rewrites the table with this run's counts, keeping `>=N` entries whose bound holds.
fn bless_native_counts() {
    let counts = COMPILED_COUNTS.lock().unwrap_or_else(|e| e.into_inner()).clone();
    if counts.is_empty() {
        return;
    }
    let mut table = native_table();
    for (key, count) in counts {
        let keep = table
            .get(&key)
            .and_then(|e| e.strip_prefix(">="))
            .and_then(|n| n.parse::<usize>().ok())
            .is_some_and(|n| count >= n);
        if !keep {
            table.insert(key, count.to_string());
        }
    }
    let mut text =
        String::from("# Specializations each program compiles under the default JIT policy (tests/differential.rs).\n");
    for (key, expectation) in table {
        text.push_str(&format!("{key}\t{expectation}\n"));
    }
    std::fs::write(repo_root().join(NATIVE_TABLE), text).expect("the table is writable");
}

/// Whether `count` compiled specializations meet the table's expectation for `key`.
fn check_native_count(key: &str, count: usize) -> Result<(), String> {
    COMPILED_COUNTS.lock().unwrap_or_else(|e| e.into_inner()).insert(key.to_owned(), count);
    if std::env::var_os("BLESS").is_some() {
        return Ok(());
    }
    let table = native_table();
    let Some(expectation) = table.get(key) else {
        return Err(format!("{key} has no entry in {NATIVE_TABLE} (it compiled {count}; BLESS=1 adds it)"));
    };
    let met = match expectation.strip_prefix(">=") {
        Some(bound) => bound.parse::<usize>().is_ok_and(|n| count >= n),
        None => expectation.parse::<usize>().is_ok_and(|n| count == n),
    };
    if met {
        Ok(())
    } else {
        Err(format!("{key}: {count} specializations compiled, {NATIVE_TABLE} expects {expectation}"))
    }
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
    let policy: &[(&str, &str)] = if group.ends_with("_jit0") {
        &[("PYNUM_JIT_THRESHOLD", "0")]
    } else if group.ends_with("_osr") {
        &[("PYNUM_JIT_THRESHOLD", "2")]
    } else if group.ends_with("_nojit") {
        &[("PYNUM_JIT", "0")]
    } else if group.ends_with("_llvm") {
        &[("PYNUM_BACKEND", "llvm"), ("PYNUM_JIT_THRESHOLD", "0")]
    } else if group.ends_with("_tier1") {
        &[("PYNUM_TIER", "1")]
    } else if group.ends_with("_tier2") {
        &[("PYNUM_TIER", "2"), ("PYNUM_SYNC_COMPILE", "1"), ("PYNUM_JIT_THRESHOLD", "1")]
    } else {
        &[]
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

fn compare(path: &Path, policy: &[(&str, &str)]) -> Result<(), Failed> {
    let source = std::fs::read_to_string(path).map_err(|e| format!("read {}: {e}", path.display()))?;
    let dir = path.parent().expect("file has a folder");
    let file_name = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut args = vec![file_name.as_str()];
    let declared = declared_args(&source);
    args.extend(declared.iter().map(String::as_str));

    let is_njit = dir.ends_with("njit");
    let oracle_numba = repo_root().join("tests/oracle");
    let oracle_env: Vec<(&str, &str)> =
        if is_njit { vec![("PYTHONPATH", oracle_numba.to_str().unwrap())] } else { vec![] };
    let mut oracle = run_with_env(&cpython(), &args, dir, "", &oracle_env);
    if oracle.timed_out() {
        // The reference hung (CPython's multiprocessing can deadlock on a loaded
        // machine): ask it once more rather than blame pynum.
        oracle = run_with_env(&cpython(), &args, dir, "", &oracle_env);
    }
    let pynum_binary = pynum_run();
    let mut pynum_env: Vec<(&str, &str)> = policy.to_vec();
    // Under the default policy, what compiled is checked against the table.
    let native_key = match (policy.first(), dir.ends_with("py")) {
        (None, true) => Some(format!("py/{}", path.file_stem().unwrap().to_string_lossy())),
        (None, false) if dir.ends_with("regressions") => None,
        (None, false) if !is_njit => Some(format!("bench_auto/{}", path.file_stem().unwrap().to_string_lossy())),
        _ => None,
    };
    let events_file = std::env::temp_dir().join(format!(
        "pynum-events-{}-{}",
        std::process::id(),
        native_key.as_deref().unwrap_or("").replace('/', "_")
    ));
    let events_path = events_file.to_string_lossy().into_owned();
    if native_key.is_some() {
        pynum_env.push(("PYNUM_JIT_EVENTS_FILE", &events_path));
        // What compiles must not depend on how loaded the machine is.
        pynum_env.push(("PYNUM_PREDICTABLE", "1"));
    }
    // At tier 2, the program runs twice with a code cache of its own: the second run
    // starts from the tier-2 code the first one kept (`code_cache.rs`).
    let code_cache = std::env::temp_dir().join(format!(
        "pynum-code-cache-{}-{}",
        std::process::id(),
        path.file_stem().unwrap().to_string_lossy()
    ));
    let code_cache_dir = code_cache.to_string_lossy().into_owned();
    let cached = policy.contains(&("PYNUM_SYNC_COMPILE", "1"));
    if cached {
        pynum_env.push(("PYNUM_CODE_CACHE", "1"));
        pynum_env.push(("PYNUM_CODE_CACHE_DIR", &code_cache_dir));
    }
    let mut problems = Vec::new();
    let pynum_name = pynum_binary.to_string_lossy().into_owned();
    let oracle_name = cpython().to_string_lossy().into_owned();
    let mut pynum = run_with_env(&pynum_binary, &args, dir, "", &pynum_env);
    for run in 1..=if cached { 2 } else { 1 } {
        if run == 2 {
            pynum = run_with_env(&pynum_binary, &args, dir, "", &pynum_env);
        }
        let which = if run == 2 { " (second run, tier-2 code from the code cache)" } else { "" };
        if oracle.stdout != pynum.stdout {
            problems.push(format!("stdout differs{which}; {}", first_difference(&oracle.stdout, &pynum.stdout)));
        }
        if oracle.status != pynum.status {
            problems.push(format!("exit status{which}: cpython {} pynum {}", oracle.status, pynum.status));
        }
        if !same_last_line(oracle.last_stderr_line(), pynum.last_stderr_line(), &oracle_name, &pynum_name) {
            problems.push(format!(
                "last stderr line{which}:\n  cpython: {}\n  pynum:   {}",
                oracle.last_stderr_line(),
                pynum.last_stderr_line()
            ));
        }
    }
    if cached {
        let _ = std::fs::remove_dir_all(&code_cache);
    }
    if is_njit && pynum.stderr.contains("cannot compile in nopython mode") {
        problems.push("an @njit function fell back to the interpreter".to_owned());
    }
    if let Some(key) = native_key {
        let events = std::fs::read_to_string(&events_file).unwrap_or_default();
        let _ = std::fs::remove_file(&events_file);
        // Tier-2 recompiles happen in the background, when they have time to: not counted.
        let compiled =
            events.lines().filter(|l| l.starts_with("compiled ") && !l.contains(pynum_jit::policy::TIER2_NOTE)).count();
        if let Err(problem) = check_native_count(&key, compiled) {
            problems.push(problem);
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n{}\n--- pynum stderr ---\n{}", path.display(), problems.join("\n"), pynum.stderr).into())
    }
}
