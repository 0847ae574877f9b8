//! Shared helpers for pynum's end-to-end tests: find the `pynum-run` binary that cargo
//! built next to the test, run it and CPython on the same input, and compare outcomes.
//!
//! Assumes `cargo build` of the same profile ran first (the README's test command does
//! both), so `pynum-run` sits in the target directory that holds the test binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository root (this crate lives in `<root>/tests`). Cargo sets
/// `CARGO_MANIFEST_DIR` when it runs a test, which is read first: the compile-time value
/// can name another clone that shared the target directory.
pub fn repo_root() -> PathBuf {
    let manifest_dir =
        std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    manifest_dir.parent().expect("tests/ has a parent").to_path_buf()
}

/// `pynum-run` from `PYNUM_RUN`, or the one cargo built beside this test binary.
pub fn pynum_run() -> PathBuf {
    if let Some(path) = std::env::var_os("PYNUM_RUN") {
        return PathBuf::from(path);
    }
    let exe = std::env::current_exe().expect("test binary path");
    // <target>/<profile>/deps/<test-binary>
    let profile_dir = exe.parent().and_then(Path::parent).expect("target/<profile>/deps");
    let candidate = profile_dir.join("pynum-run");
    assert!(
        candidate.exists(),
        "{} is missing: build it first (cargo build --release --locked --ignore-rust-version)",
        candidate.display()
    );
    candidate
}

/// The CPython used as the oracle: `PYNUM_ORACLE` or `python3`.
pub fn cpython() -> PathBuf {
    std::env::var_os("PYNUM_ORACLE").map_or_else(|| PathBuf::from("python3"), PathBuf::from)
}

/// What one run of a program produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    /// The exit status, or `128 + signal` when a signal ended the process (as a shell reports it).
    pub status: i32,
}

impl Outcome {
    pub fn from_output(output: Output) -> Self {
        use std::os::unix::process::ExitStatusExt;
        let status = output.status.code().unwrap_or_else(|| 128 + output.status.signal().unwrap_or(0));
        Outcome {
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            status,
        }
    }

    /// The last non-empty line of stderr: the exception line of a traceback.
    pub fn last_stderr_line(&self) -> &str {
        self.stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("")
    }
}

/// Runs `program args...` in `dir` with `stdin` fed in, and a clean, deterministic environment.
pub fn run(program: &Path, args: &[&str], dir: &Path, stdin: &str) -> Outcome {
    run_with_env(program, args, dir, stdin, &[])
}

/// [`run`] with extra environment variables.
pub fn run_with_env(program: &Path, args: &[&str], dir: &Path, stdin: &str, env: &[(&str, &str)]) -> Outcome {
    run_with_timeout(program, args, dir, stdin, env, run_timeout())
}

/// [`run_with_env`] ending the program, and every process it started, at `timeout`.
pub fn run_with_timeout(
    program: &Path,
    args: &[&str],
    dir: &Path,
    stdin: &str,
    env: &[(&str, &str)],
    timeout: std::time::Duration,
) -> Outcome {
    use std::io::{Read, Write};
    use std::os::unix::process::CommandExt;
    let mut child = Command::new(program)
        .args(args)
        .current_dir(dir)
        .env("PYTHONHASHSEED", "0")
        .env("PYTHONIOENCODING", "utf-8")
        // The LIR and Cranelift verifiers check every function pynum compiles (release
        // builds skip them).
        .env("PYNUM_VERIFY", "1")
        // Tier-2 code kept by an earlier run would change what a run compiles and logs;
        // the tests that exercise the code cache turn it on with a directory of their own.
        .env("PYNUM_CODE_CACHE", "0")
        .env_remove("PYTHONPATH")
        .env_remove("PYTHONSTARTUP")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // Its own process group, so a timeout ends its children (a pool's workers) too.
        .process_group(0)
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
    let mut input = child.stdin.take().expect("piped stdin");
    let stdin = stdin.to_owned();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(stdin.as_bytes());
    });
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("piped stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("piped stderr")));
    let deadline = std::time::Instant::now() + timeout;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for child") {
            break Some(status);
        }
        if std::time::Instant::now() >= deadline {
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    // `--` before the negative process-group id: without it procps's `kill` reads `-PID`
    // as an option, signals nothing and succeeds, so this timeout never ended a run.
    let kill_group = || {
        let _ = Command::new("kill").args(["-KILL", "--", &format!("-{}", child.id())]).status();
    };
    let Some(status) = status else {
        // A program that hangs (CPython's multiprocessing has deadlocked here under load)
        // fails its test instead of stalling the suite.
        kill_group();
        let _ = child.wait();
        let _ = writer.join();
        let (_, _) = (stdout.join(), stderr.join());
        return Outcome { stdout: String::new(), stderr: TIMED_OUT.to_owned(), status: -1 };
    };
    // The program has exited, but a process it started (a pool worker left behind) may
    // still hold its stdout or stderr open, and reading them to the end would then wait
    // for that process: a hung CPython run of a multiprocessing test stalled the suite for
    // 20 minutes that way. The deadline covers the readers too.
    while !(stdout.is_finished() && stderr.is_finished()) {
        if std::time::Instant::now() >= deadline {
            kill_group();
            let _ = writer.join();
            let (_, _) = (stdout.join(), stderr.join());
            return Outcome { stdout: String::new(), stderr: TIMED_OUT.to_owned(), status: -1 };
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    writer.join().expect("stdin writer");
    let output =
        Output { status, stdout: stdout.join().expect("stdout reader"), stderr: stderr.join().expect("stderr reader") };
    Outcome::from_output(output)
}

/// The stderr of a run that [`run_with_env`] ended at its timeout.
pub const TIMED_OUT: &str = "<timed out>";

/// How long one program may run: `PYNUM_TEST_TIMEOUT` seconds, 300 by default (the
/// slowest program of the suite takes a few seconds alone).
fn run_timeout() -> std::time::Duration {
    let seconds = std::env::var("PYNUM_TEST_TIMEOUT").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    std::time::Duration::from_secs(seconds)
}

impl Outcome {
    pub fn timed_out(&self) -> bool {
        self.status == -1 && self.stderr == TIMED_OUT
    }
}

/// Known wording differences between CPython 3.11 messages and rustpython's 3.14 ones,
/// as (CPython, pynum) pairs of final traceback lines, from
/// `tests/known_message_differences.tsv` (the fuzzer reads the same file). Anything else
/// must match exactly.
pub fn known_message_differences() -> impl Iterator<Item = (&'static str, &'static str)> {
    include_str!("known_message_differences.tsv")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| line.split_once('\t'))
        // Patterns (`re:`) are the fuzzer's, over whole outputs.
        .filter(|(_, pynum)| !pynum.starts_with("re:"))
}

/// Whether two final stderr lines agree, up to [`known_message_differences`] and the
/// name of the interpreter binary at the start of the line.
pub fn same_last_line(cpython: &str, pynum: &str, cpython_name: &str, pynum_name: &str) -> bool {
    if cpython == pynum {
        return true;
    }
    let cpython_tail = cpython.strip_prefix(cpython_name);
    let pynum_tail = pynum.strip_prefix(pynum_name);
    if cpython_tail.is_some() && cpython_tail == pynum_tail {
        return true;
    }
    known_message_differences().any(|(c, p)| c == cpython && p == pynum)
}

/// A line-by-line report of where two texts first differ, for failure messages.
pub fn first_difference(expected: &str, actual: &str) -> String {
    let mut expected_lines = expected.lines();
    let mut actual_lines = actual.lines();
    for line_no in 1.. {
        match (expected_lines.next(), actual_lines.next()) {
            (None, None) => return "texts differ only in trailing newlines".to_owned(),
            (e, a) if e == a => continue,
            (e, a) => {
                return format!(
                    "first difference at line {line_no}:\n  cpython: {}\n  pynum:   {}",
                    e.unwrap_or("<end of output>"),
                    a.unwrap_or("<end of output>")
                )
            }
        }
    }
    unreachable!()
}
