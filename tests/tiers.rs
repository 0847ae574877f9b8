//! Tier 2 end to end: LLVM is loaded only when something reaches tier 2, a hot
//! specialization is recompiled in the background and swapped in, `PYNUM_SYNC_COMPILE`
//! makes that happen before the call, `--tier` caps it, and the LLVM dumps (the one
//! before optimization pinned by a golden file, `BLESS=1` rewrites it). Each test reads
//! what happened from `--jit-log`, `--jit-stats` or `Dispatcher.tiers`, never from timing.

use std::path::{Path, PathBuf};

use pynum_tests::{pynum_run, repo_root, run_with_env, Outcome};

/// A scratch folder per test, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str, files: &[(&str, &str)]) -> Self {
        let dir = std::env::temp_dir().join(format!("pynum-tiers-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (file, contents) in files {
            std::fs::write(dir.join(file), contents).unwrap();
        }
        Scratch(dir)
    }
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A kernel called until its dispatcher reports tier 2 (or a generous bound of calls):
/// what a program that keeps calling a hot function does.
const HOT: &str = "import _pynum

def kernel(n):
    t = 0
    for i in range(n):
        t += i * i % 7
    return t

calls = 0
while calls < 2_000_000:
    total = kernel(1000)
    calls += 1
    dispatcher = _pynum.dispatcher_of(kernel)
    tiers = dispatcher.tiers if dispatcher is not None else []
    if tiers == [2]:
        break
for _ in range(10):
    total = kernel(1000)
print(total, tiers)
";

fn pynum(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Outcome {
    let outcome = run_with_env(&pynum_run(), args, dir, "", env);
    assert_eq!(outcome.status, 0, "{args:?} {env:?}:\n{}", outcome.stderr);
    outcome
}

#[test]
fn llvm_is_loaded_only_when_something_reaches_tier_2() {
    let maps = "def llvm_mapped():\n    return 'libLLVM' in open('/proc/self/maps').read()\n";
    let tmp = Scratch::new(
        "load",
        &[
            ("cold.py", &format!("{maps}print(llvm_mapped())\n")),
            ("hot.py", &format!("{maps}def f(n):\n    return n + 1\n\nprint(f(1), llvm_mapped())\n")),
        ],
    );
    assert_eq!(pynum(tmp.path(), &["cold.py"], &[]).stdout, "False\n");
    let sync = [("PYNUM_SYNC_COMPILE", "1"), ("PYNUM_JIT_THRESHOLD", "0")];
    assert_eq!(pynum(tmp.path(), &["hot.py"], &sync).stdout, "2 True\n");
}

#[test]
fn a_hot_specialization_is_recompiled_in_the_background_and_swapped_in() {
    let tmp = Scratch::new("swap", &[("hot.py", HOT)]);
    let run = pynum(tmp.path(), &["--jit-log", "--jit-stats", "hot.py"], &[]);
    assert_eq!(run.stdout, "2001 [2]\n", "{}", run.stderr);
    let log = &run.stderr;
    let at = |needle: &str| log.find(needle).unwrap_or_else(|| panic!("no {needle:?} in:\n{log}"));
    assert!(at("compiled kernel(int64) tier=1") < at("compiled kernel(int64) tier=2"));
    assert!(at("compiled kernel(int64) tier=2") < at("swapped kernel(int64) to tier 2"));
    assert!(log.contains("(recompiled from tier 1, queued "), "{log}");
    // --jit-stats: native time split by tier, with calls at tier 2.
    let by_tier = log.lines().find(|l| l.contains("native code by tier")).expect("a by-tier line");
    let tier2_calls: u64 = by_tier
        .rsplit_once(" ms (")
        .and_then(|(_, calls)| calls.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{by_tier}"));
    assert!(tier2_calls > 0, "{by_tier}");
    // The function alone: the loop it moved into native code while it was still cold ran
    // a few calls of microseconds at tier 1 before the function compiled whole, short of
    // the 10 ms a loop spends at tier 1 before LLVM is worth it.
    assert!(log.contains("pynum-jit stats: tier 2: 1 recompiled in "), "{log}");
}

#[test]
fn a_synchronous_compile_swaps_before_the_call_runs() {
    let tmp = Scratch::new("sync", &[("hot.py", HOT)]);
    let env = [("PYNUM_SYNC_COMPILE", "1")];
    let run = pynum(tmp.path(), &["--jit-log", "hot.py"], &env);
    assert_eq!(run.stdout, "2001 [2]\n", "{}", run.stderr);
    // The loop's default promotion: the third call runs tier 2, and nothing else
    // interleaves with the compile.
    let kernel_lines: Vec<&str> = run.stderr.lines().filter(|l| l.contains("kernel(int64)")).collect();
    assert_eq!(kernel_lines.len(), 3, "{}", run.stderr);
    assert!(kernel_lines[0].starts_with("pynum-jit: compiled kernel(int64) tier=1"));
    assert!(kernel_lines[1].starts_with("pynum-jit: compiled kernel(int64) tier=2"));
    assert_eq!(kernel_lines[2], "pynum-jit: swapped kernel(int64) to tier 2: its next calls run that code");
}

#[test]
fn the_tier_cap_holds() {
    let bounded = HOT.replace("2_000_000", "300");
    let tmp = Scratch::new("cap", &[("hot.py", &bounded)]);
    let sync = [("PYNUM_SYNC_COMPILE", "1")];
    let one = pynum(tmp.path(), &["--tier=1", "--jit-log", "hot.py"], &sync);
    assert_eq!(one.stdout, "2001 [1]\n");
    assert!(one.stderr.contains("tier=1") && !one.stderr.contains("tier=2"), "{}", one.stderr);
    let from_env = pynum(tmp.path(), &["--jit-log", "hot.py"], &[("PYNUM_TIER", "1"), sync[0]]);
    assert!(!from_env.stderr.contains("tier=2"), "{}", from_env.stderr);
    let zero = pynum(tmp.path(), &["--tier=0", "--jit-log", "hot.py"], &sync);
    assert_eq!(zero.stdout, "2001 []\n");
    assert!(!zero.stderr.contains("compiled"), "{}", zero.stderr);
}

/// What of an LLVM module depends on the machine (target, CPU features) or the build
/// (the interrupt flag's address, the host's): dropped or replaced.
fn machine_independent(ir: &str) -> String {
    ir.lines()
        .filter(|l| !l.starts_with("target ") && !l.starts_with("attributes #") && !l.starts_with("; ModuleID"))
        .map(|l| match (l.find("inttoptr (i64 "), l.find(" to ptr)")) {
            (Some(start), Some(end)) if start < end => {
                format!("{}inttoptr (i64 ADDRESS{}\n", &l[..start], &l[end..])
            }
            _ => format!("{l}\n"),
        })
        .collect()
}

#[test]
fn llvm_dumps_before_and_after_optimization_and_tier_2_machine_code() {
    let source = "def k(n):\n    t = 0\n    for i in range(n):\n        t += i % 3\n    return t\n\nprint(k(10))\n";
    let tmp = Scratch::new("dumps", &[("k.py", source)]);
    let env = [("PYNUM_SYNC_COMPILE", "1"), ("PYNUM_JIT_THRESHOLD", "0")];
    let run = pynum(tmp.path(), &["--dump-llvm", "--dump-llvm-opt", "--dump-asm", "k.py"], &env);
    assert_eq!(run.stdout, "9\n");
    let section = |title: &str| -> String {
        let start = run.stderr.find(title).unwrap_or_else(|| panic!("no {title:?} in:\n{}", run.stderr));
        let body = &run.stderr[start + title.len()..];
        body[..body.find("\n---- ").map_or(body.len(), |end| end + 1)].to_owned()
    };
    let before = machine_independent(&section("---- LLVM IR k(int64) ----\n"));
    let after = section("---- OPTIMIZED LLVM IR k(int64) ----\n");
    assert!(after.contains("@pynum_entry(") && !after.contains("alloca"), "{after}");
    assert!(section("---- ASM tier 2 k(int64) ----\n").contains("ret"), "{}", run.stderr);
    let golden = repo_root().join("tests/golden/dump_llvm_k.ll");
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&golden, &before).unwrap();
    }
    let expected = std::fs::read_to_string(&golden).unwrap_or_default();
    assert_eq!(before, expected, "--dump-llvm changed (BLESS=1 rewrites {})", golden.display());
}
