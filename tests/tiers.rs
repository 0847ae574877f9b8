//! Tier 2 end to end: LLVM is loaded only when something reaches tier 2, a hot
//! specialization is recompiled in the background and swapped in, `PYNUM_SYNC_COMPILE`
//! makes that happen before the call, a call running a tier-1 loop moves into tier-2
//! code mid-loop (on-stack replacement between tiers) with the results CPython gives,
//! `--tier` caps it, and the LLVM dumps (the one before optimization pinned by a golden
//! file, `BLESS=1` rewrites it). Each test reads what happened from `--jit-log`,
//! `--jit-stats` or `Dispatcher.tiers`, never from timing.

use std::path::{Path, PathBuf};

use pynum_tests::{cpython, pynum_run, repo_root, run, run_with_env, Outcome};

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

/// A loop-free function called from the interpreter runs a few dozen nanoseconds a call
/// natively at either tier: it moves to tier 2 (and loads LLVM, 25 ms of the other core)
/// only once its tier-1 calls have added up to 10 ms, like a loop. It used to after
/// 1,000 calls, which took a 20 ms program to twice the CPU time of `--no-jit`. (`f` is
/// long enough to compile at all: `policy::CALLEE_ONLY_INSTRUCTIONS`.)
#[test]
fn a_small_function_called_often_loads_no_llvm() {
    let maps = "def llvm_mapped():\n    return 'libLLVM' in open('/proc/self/maps').read()\n";
    let program = format!(
        "{maps}def f(a, b):\n    c = a * b + 1\n    d = c * 7 - a\n    e = d * 3 + c\n    return e % 1000 + c - d\n\n\
         t = 0\nfor k in range(20000):\n    t += f(k, 3)\n    s = str(k)\n\
         print(t, llvm_mapped())\n"
    );
    let tmp = Scratch::new("small", &[("often.py", &program)]);
    let sync = [("PYNUM_SYNC_COMPILE", "1")];
    let run = pynum(tmp.path(), &["--jit-log", "often.py"], &sync);
    assert_eq!(run.stdout, "-3389960000 False\n", "{}", run.stderr);
    assert!(run.stderr.contains("compiled f(int64, int64) tier=1"), "{}", run.stderr);
    assert!(!run.stderr.contains("tier=2"), "{}", run.stderr);
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
    // The loop's default promotion, once its tier-1 calls have run 10 ms: asked for at a
    // call or, as that time usually runs out inside one, at a safepoint of its loop, which
    // then moves at once. Nothing else interleaves with the compile.
    let kernel_lines: Vec<&str> = run.stderr.lines().filter(|l| l.contains("kernel(int64)")).collect();
    assert!(kernel_lines[0].starts_with("pynum-jit: compiled kernel(int64) tier=1"), "{}", run.stderr);
    assert!(kernel_lines[1].starts_with("pynum-jit: compiled kernel(int64) tier=2"), "{}", run.stderr);
    let swapped = "pynum-jit: swapped kernel(int64) to tier 2: its next calls run that code";
    match kernel_lines[2..] {
        [line] => assert_eq!(line, swapped),
        [moved, line] => {
            assert!(
                moved.starts_with(
                    "pynum-jit: on-stack replacement of kernel(int64): its running loop moved to tier 2 at line "
                ),
                "{moved}"
            );
            assert_eq!(line, swapped);
        }
        _ => panic!("{}", run.stderr),
    }
}

/// Programs whose time is one call running one loop (or loops in loops): each must move
/// to tier 2 inside that call and print what CPython prints. The loop state includes
/// ints, floats, a list written in place, a list made natively, and (`deopt`) an int that
/// leaves 64 bits after the move, which sends the whole call back to the interpreter.
const ONE_LONG_CALL: &[(&str, &str)] = &[
    (
        "scalars.py",
        "def f(n, data):
    total = 0
    acc = 0.5
    for i in range(n):
        total += i * i % 7
        k = i % len(data)
        acc += data[k] * 0.25
        data[k] = float(i)
    return total, acc, data[:3]

print(f(200_000, [1.0, 2.0, 3.0, 4.0]))
",
    ),
    (
        "nested.py",
        "def grid(rows, cols):
    out = []
    s = 0
    for r in range(rows):
        row = [0] * cols
        for c in range(cols):
            row[c] = (r * c) ^ (r + c)
            s += row[c] & 255
        out.append(row[cols - 1])
    return s, out[-3:], len(out)

print(grid(400, 500))
",
    ),
    (
        "deopt.py",
        "def grow(n):
    x = 1
    steps = 0
    while steps < n:
        x = x * 3 + 1 if x < 10**17 else x // 7 + 11
        steps += 1
        if steps == n - 5:
            x = x * 2**40
    return x, steps

print(grow(300_000))
",
    ),
    (
        "module_loop.py",
        "total = 0
for i in range(300_000):
    total += (i * 31) % 1000 - 500
print(total)
",
    ),
];

#[test]
fn a_running_tier1_loop_moves_to_tier2_and_prints_what_cpython_prints() {
    let tmp = Scratch::new("osr", ONE_LONG_CALL);
    // The first tier-1 call asks for tier 2 at its first safepoint and moves there.
    let env = [("PYNUM_SYNC_COMPILE", "1"), ("PYNUM_JIT_THRESHOLD", "1")];
    for (name, _) in ONE_LONG_CALL {
        let expected = run(&cpython(), &[name], tmp.path(), "");
        assert_eq!(expected.status, 0, "{name}: {}", expected.stderr);
        let moved = pynum(tmp.path(), &["--jit-log", name], &env);
        assert_eq!(moved.stdout, expected.stdout, "{name}:\n{}", moved.stderr);
        assert!(moved.stderr.contains("its running loop moved to tier 2 at line "), "{name}:\n{}", moved.stderr);
        if *name == "deopt.py" {
            assert!(moved.stderr.contains("deoptimized"), "{name}:\n{}", moved.stderr);
        }
        // Capped at tier 1 nothing moves, with the same output.
        let capped = pynum(tmp.path(), &["--jit-log", "--tier=1", name], &env);
        assert_eq!(capped.stdout, expected.stdout, "{name}:\n{}", capped.stderr);
        assert!(!capped.stderr.contains("moved to tier"), "{name}:\n{}", capped.stderr);
    }
}

/// Without `PYNUM_SYNC_COMPILE`: the timer thread makes the running loop poll, the
/// compile runs in the background, and the loop moves when it is ready. The loop runs
/// about 0.7 s at tier 1, four times what asking (after 100 ms) and compiling take.
#[test]
fn a_long_loop_reaches_tier2_in_the_background() {
    let program = "def spin(n):\n    t = 0\n    for i in range(n):\n        t += i * i % 7\n    return t\n\nprint(spin(200_000_000))\n";
    let tmp = Scratch::new("osr-background", &[("spin.py", program)]);
    let outcome = pynum(tmp.path(), &["--jit-log", "--jit-stats", "spin.py"], &[]);
    // i * i % 7 repeats every 7 values of i (0 1 4 2 2 4 1, 14 in all).
    let n: u64 = 200_000_000;
    let expected = n / 7 * 14 + (0..n % 7).map(|i| i * i % 7).sum::<u64>();
    assert_eq!(outcome.stdout, format!("{expected}\n"), "{}", outcome.stderr);
    // At the `for` line: the loop polls where a chunk of its trips ends, at its header
    // (`lir::chunked_polls`).
    assert!(outcome.stderr.contains("its running loop moved to tier 2 at line 3"), "{}", outcome.stderr);
    // --jit-stats splits the call's time between the tiers it ran at; the call counts at
    // tier 1, where it began.
    let by_tier = outcome.stderr.lines().find(|l| l.contains("native code by tier")).expect("a by-tier line");
    let tier2 = by_tier.split("tier 2 ").nth(1).unwrap_or_else(|| panic!("{by_tier}"));
    let tier2_ms: f64 = tier2.split(" ms").next().and_then(|ms| ms.parse().ok()).unwrap_or_else(|| panic!("{by_tier}"));
    assert!(tier2_ms > 0.0 && tier2.contains("(0 calls)"), "{by_tier}");
}

/// The tier-2 code cache: a run keeps LLVM's code, the next run of the same program
/// starts with it (loaded, not compiled: no LLVM mapped) and prints what CPython prints,
/// its loop tiering up mid-call from a cached resume entry too; a damaged entry is a
/// miss and the code compiles again; `PYNUM_CODE_CACHE=0` reads nothing.
#[test]
fn a_later_run_starts_with_the_tier2_code_an_earlier_run_kept() {
    let maps = "def llvm_mapped():\n    return 'libLLVM' in open('/proc/self/maps').read()\n";
    let program = format!(
        "{maps}def kernel(n, m):\n    t = 0\n    for i in range(n):\n        t += i * i % m\n    return t\n\n\
         print(kernel(100_000, 7), kernel(200_000, 11), kernel(3, 2 ** 70))\n\
         try:\n    kernel(10, 0)\nexcept ZeroDivisionError as e:\n    print('raised', e)\nprint(llvm_mapped())\n"
    );
    let tmp = Scratch::new("code-cache", &[("k.py", &program)]);
    let expected = run(&cpython(), &["k.py"], tmp.path(), "");
    assert_eq!(expected.status, 0, "{}", expected.stderr);
    let cache_dir = tmp.path().join("cache");
    let cache = cache_dir.to_str().unwrap();
    let env = [
        ("PYNUM_SYNC_COMPILE", "1"),
        ("PYNUM_JIT_THRESHOLD", "1"),
        ("PYNUM_CODE_CACHE", "1"),
        ("PYNUM_CODE_CACHE_DIR", cache),
    ];
    let first = pynum(tmp.path(), &["--jit-log", "k.py"], &env);
    let without_llvm = |out: &str| out.replace("\nTrue\n", "\n").replace("\nFalse\n", "\n");
    assert_eq!(without_llvm(&first.stdout), without_llvm(&expected.stdout), "{}", first.stderr);
    assert!(first.stderr.contains("tier=2") && first.stderr.contains("recompiled from tier 1"), "{}", first.stderr);
    let entries = || {
        std::fs::read_dir(&cache_dir)
            .map(|d| d.filter_map(Result::ok).filter(|e| e.file_name().to_string_lossy().ends_with(".o")).count())
            .unwrap_or(0)
    };
    assert!(entries() >= 1, "the first run kept nothing:\n{}", first.stderr);

    let second = pynum(tmp.path(), &["--jit-log", "k.py"], &env);
    assert_eq!(without_llvm(&second.stdout), without_llvm(&expected.stdout), "{}", second.stderr);
    assert!(second.stderr.contains("(loaded from the code cache)"), "{}", second.stderr);
    assert!(!second.stderr.contains("recompiled from tier 1"), "{}", second.stderr);
    assert!(second.stdout.ends_with("False\n"), "the cached code needed no LLVM:\n{}", second.stdout);

    // Damage every entry in the middle of its object: a miss, and LLVM compiles again.
    for entry in std::fs::read_dir(&cache_dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "o") {
            continue;
        }
        let mut bytes = std::fs::read(&path).unwrap();
        let middle = bytes.len() - 64;
        bytes[middle] ^= 0x5a;
        std::fs::write(&path, bytes).unwrap();
    }
    let damaged = pynum(tmp.path(), &["--jit-log", "k.py"], &env);
    assert_eq!(without_llvm(&damaged.stdout), without_llvm(&expected.stdout), "{}", damaged.stderr);
    assert!(!damaged.stderr.contains("loaded from the code cache"), "{}", damaged.stderr);
    assert!(damaged.stderr.contains("recompiled from tier 1"), "{}", damaged.stderr);

    let off = [env[0], env[1], ("PYNUM_CODE_CACHE", "0"), env[3]];
    let uncached = pynum(tmp.path(), &["--jit-log", "k.py"], &off);
    assert!(!uncached.stderr.contains("loaded from the code cache"), "{}", uncached.stderr);
}

/// Whether the code cache in `cache_dir` holds an entry, waiting up to a minute for the
/// process a run's exit started to fill it.
fn waited_for_kept_code(cache_dir: &Path) -> bool {
    let kept = || {
        std::fs::read_dir(cache_dir)
            .map(|d| d.filter_map(Result::ok).any(|e| e.file_name().to_string_lossy().ends_with(".o")))
            .unwrap_or(false)
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !kept() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    kept()
}

/// A run whose loop ran long at tier 1 but ended before tier 2 was asked for (as the
/// benchmark kernels' 40-90 ms loops do) leaves its tier-2 code to the next run: its
/// exit starts a process that compiles it with LLVM, and the next run starts there.
#[test]
fn a_run_whose_loop_stayed_at_tier1_leaves_tier2_code_to_the_next() {
    let program = "def spin(n):\n    t = 0\n    for i in range(n):\n        t += i * i % 7\n    return t\n\nprint(spin(20_000_000))\n";
    let tmp = Scratch::new("code-cache-fill", &[("spin.py", program)]);
    let cache_dir = tmp.path().join("cache");
    let env = [("PYNUM_CODE_CACHE", "1"), ("PYNUM_CODE_CACHE_DIR", cache_dir.to_str().unwrap())];
    let first = pynum(tmp.path(), &["--jit-log", "spin.py"], &env);
    assert_eq!(first.stdout, "40000001\n", "{}", first.stderr);
    assert!(waited_for_kept_code(&cache_dir), "no tier-2 code was kept after the first run:\n{}", first.stderr);
    let second = pynum(tmp.path(), &["--jit-log", "spin.py"], &env);
    assert_eq!(second.stdout, "40000001\n", "{}", second.stderr);
    assert!(second.stderr.contains("(loaded from the code cache)"), "{}", second.stderr);
    // The first run marked the loop warm: the second loads its code at the loop's
    // entry, with no interpreted iterations first (the first run moved in mid-loop).
    assert!(first.stderr.contains("a loop got hot in the interpreter"), "{}", first.stderr);
    assert!(!second.stderr.contains("on-stack replacement"), "{}", second.stderr);
    let loop_events: Vec<&str> = second.stderr.lines().filter(|l| l.contains("__pynum_loop_spin")).collect();
    assert!(
        loop_events.first().is_some_and(|l| l.contains("(loaded from the code cache)")),
        "the loop's first event is not its load:\n{}",
        second.stderr
    );
    // The run that loaded it kept what the LIR optimizer made of the loop, keyed by the
    // loop as lowered: later runs skip the optimizer, and load the same code.
    let kept_optimized = || -> Vec<std::path::PathBuf> {
        std::fs::read_dir(&cache_dir)
            .map(|d| {
                d.filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "lowered"))
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(kept_optimized().len(), 1, "{:?}", std::fs::read_dir(&cache_dir).map(|d| d.count()));
    let third = pynum(tmp.path(), &["--jit-log", "spin.py"], &env);
    assert_eq!(third.stdout, "40000001\n", "{}", third.stderr);
    assert!(third.stderr.contains("(loaded from the code cache)"), "{}", third.stderr);
    // A damaged one is a miss, never another module: the constant 7 made 6 still parses.
    for path in kept_optimized() {
        let text = std::fs::read(&path).unwrap();
        let at = text.windows(13).rposition(|w| w == b"iconst.i64 7\n".as_slice()).expect("the loop's 7");
        let mut damaged = text.clone();
        damaged[at + 11] = b'6';
        std::fs::write(&path, damaged).unwrap();
    }
    let damaged = pynum(tmp.path(), &["--jit-log", "spin.py"], &env);
    assert_eq!(damaged.stdout, "40000001\n", "{}", damaged.stderr);
    assert!(damaged.stderr.contains("(loaded from the code cache)"), "{}", damaged.stderr);
}

/// A mark that an earlier run kept tier-2 code for a loop is a hint, not a promise: when
/// this run's types differ (the cache then has no code for them), the loop compiles at
/// tier 1 at its entry and prints what CPython prints.
#[test]
fn a_warm_mark_for_other_types_compiles_at_tier1_and_prints_the_same() {
    let ints = "def spin(n, step):\n    t = step - step\n    for i in range(n):\n        t += i * step % 7\n    return t\n\nprint(spin(20_000_000, 1))\n";
    let floats = ints.replace("spin(20_000_000, 1)", "spin(2_000, 1.5)");
    let tmp = Scratch::new("code-cache-warm", &[("spin.py", ints)]);
    let cache_dir = tmp.path().join("cache");
    let env = [("PYNUM_CODE_CACHE", "1"), ("PYNUM_CODE_CACHE_DIR", cache_dir.to_str().unwrap())];
    let first = pynum(tmp.path(), &["--jit-log", "spin.py"], &env);
    assert_eq!(first.stdout, "59999997\n", "{}", first.stderr);
    let marked = || std::fs::read_dir(cache_dir.join("warm")).map(|d| d.count() > 0).unwrap_or(false);
    assert!(marked(), "no warm mark after the first run:\n{}", first.stderr);
    std::fs::write(tmp.path().join("spin.py"), &floats).unwrap();
    let expected = run(&cpython(), &["spin.py"], tmp.path(), "");
    let second = pynum(tmp.path(), &["--jit-log", "spin.py"], &env);
    assert_eq!(second.stdout, expected.stdout, "{}", second.stderr);
    assert!(second.stderr.contains("compiled __pynum_loop_spin"), "{}", second.stderr);
    assert!(!second.stderr.contains("loaded from the code cache"), "{}", second.stderr);
}

#[test]
fn the_tier_cap_holds() {
    let bounded = HOT.replace("2_000_000", "300");
    let tmp = Scratch::new("cap", &[("hot.py", &bounded)]);
    // Counts decide (the default policy weighs measured times, which a loaded machine
    // shifts): `kernel` compiles whole within the 300 calls.
    let sync = [("PYNUM_SYNC_COMPILE", "1"), ("PYNUM_JIT_THRESHOLD", "2")];
    let one = pynum(tmp.path(), &["--tier=1", "--jit-log", "hot.py"], &sync);
    assert_eq!(one.stdout, "2001 [1]\n");
    assert!(one.stderr.contains("tier=1") && !one.stderr.contains("tier=2"), "{}", one.stderr);
    let from_env = pynum(tmp.path(), &["--jit-log", "hot.py"], &[("PYNUM_TIER", "1"), sync[0], sync[1]]);
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

/// With the code cache in use, a region that ran well under
/// `TIER2_NATIVE_TIME_WITH_CODE_CACHE` at tier 1 (three calls of a loop, tens of
/// milliseconds in all) is not compiled with LLVM in the run, whose end it would not
/// reach in time: the run never maps libLLVM, and its exit leaves the region's tier-2
/// code to the next run. (Before, tier 2 was asked for at the second call, and loading
/// LLVM and compiling beside the loop made such a first run about 20% slower.) The loop
/// must run at least `CODE_CACHE_FILL_TIME` (2 ms) at tier 1 to be kept: 3 x 2,000,000
/// iterations take about 6 ms on this project's machine, which the 10 ms asked before
/// (`TIER2_NATIVE_TIME`) did not keep: spectral_norm's 7 ms call never got its tier-2 code.
#[test]
fn a_region_too_short_for_tier2_in_this_run_leaves_it_to_the_next() {
    let program = "def spin(n):\n    t = 0\n    for i in range(n):\n        t += i * i % 7\n    return t\n\n\
                   print([spin(2_000_000) for _ in range(3)])\n\
                   print('libLLVM' in open('/proc/self/maps').read())\n";
    let tmp = Scratch::new("code-cache-short", &[("short.py", program)]);
    let cache_dir = tmp.path().join("cache");
    let env = [("PYNUM_CODE_CACHE", "1"), ("PYNUM_CODE_CACHE_DIR", cache_dir.to_str().unwrap())];
    let expected = run(&cpython(), &["short.py"], tmp.path(), "");
    let first = pynum(tmp.path(), &["--jit-log", "short.py"], &env);
    let first_line = |out: &str| out.lines().next().unwrap_or("").to_owned();
    assert_eq!(first_line(&first.stdout), first_line(&expected.stdout), "{}", first.stderr);
    assert!(first.stderr.contains("tier=1") && !first.stderr.contains("tier=2"), "{}", first.stderr);
    assert!(first.stdout.ends_with("False\n"), "the first run loaded LLVM:\n{}", first.stderr);
    assert!(waited_for_kept_code(&cache_dir), "the first run left no tier-2 code:\n{}", first.stderr);
    let second = pynum(tmp.path(), &["--jit-log", "short.py"], &env);
    assert_eq!(first_line(&second.stdout), first_line(&expected.stdout), "{}", second.stderr);
    assert!(second.stderr.contains("(loaded from the code cache)"), "{}", second.stderr);
}
