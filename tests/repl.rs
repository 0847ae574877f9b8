//! The REPL through a pseudo-terminal (rexpect), as a person uses it: a function typed
//! at the prompt compiles and shows in `%jit` with its tier, `%annotate` shows it under
//! its source lines, `%tiers` times it, Tab completes `math.sq`, a syntax error and a
//! traceback look as CPython's prompt shows them (the same keystrokes are sent to
//! `python3`, and the two displays are compared), Ctrl-C stops a native loop, a paste
//! with blank lines runs as one block, and Ctrl-D leaves.
//!
//! Assumes `python3` is CPython 3.11 and both prompts run with an empty `HOME` (no
//! history, so no history hints are drawn between the keystrokes and the output).

use std::process::Command;

use pynum_tests::{cpython, pynum_run};
use rexpect::session::{spawn_with_options, Options, PtySession};

const TIMEOUT_MS: u64 = 60_000;

/// `program` with arguments on a pseudo-terminal, with a home of its own and the
/// environment variables that change a prompt's output removed, then `env` set.
fn spawn(
    program: &std::path::Path,
    args: &[&str],
    home: &std::path::Path,
    env: &[(&str, &std::ffi::OsStr)],
) -> PtySession {
    let mut command = Command::new(program);
    // No tier-2 code kept by an earlier run (an `XDG_CACHE_HOME` outside the test's home
    // would keep it): the tier tests watch code move up from tier 1.
    command.args(args).env("HOME", home).env("TERM", "xterm").env("PYNUM_CODE_CACHE", "0");
    for name in ["PYTHONSTARTUP", "PYNUM_JIT", "PYTHON_COLORS", "NO_COLOR"] {
        command.env_remove(name);
    }
    command.envs(env.iter().copied());
    // rexpect's own stripping of escape sequences ends one at the next letter, which
    // eats text after GNU readline's `ESC =` and `ESC >`; `plain` strips them instead.
    let options = Options::new().timeout_ms(Some(TIMEOUT_MS));
    spawn_with_options(command, options).expect("the program starts")
}

/// A prompt of `program` with arguments, waiting at its first `>>> `.
fn prompt(program: &std::path::Path, args: &[&str], home: &std::path::Path) -> PtySession {
    let mut session = spawn(program, args, home, &[]);
    session.exp_string(">>> ").expect("the first prompt");
    session
}

fn home(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("pynum-repl-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Types `line` and Enter, and waits for the next prompt (`>>> ` or `... `); returns
/// what came before it. The line editor redraws the prompt at every keystroke, but a
/// new prompt is the only one that starts a line.
fn enter(session: &mut PtySession, line: &str, next_prompt: &str) -> String {
    session.send(&format!("{line}\r")).unwrap();
    session.flush().unwrap();
    wait_for_prompt(session, next_prompt).unwrap_or_else(|err| panic!("after {line:?}: {err}"))
}

fn wait_for_prompt(session: &mut PtySession, prompt: &str) -> Result<String, rexpect::error::Error> {
    wait_for_prompt_raw(session, prompt).map(|before| plain(&before))
}

/// What came before the next prompt, control sequences and all.
fn wait_for_prompt_raw(session: &mut PtySession, prompt: &str) -> Result<String, rexpect::error::Error> {
    // A line start, then carriage returns and terminal control sequences, then the prompt.
    let pattern = format!(r"\n(\r|\x1b\[[0-9;?]*[@-~]|\x1b[=>])*{}", prompt.replace('.', r"\."));
    session.exp_regex(&pattern).map(|(before, _)| before)
}

/// `text` without terminal control sequences (CSI sequences, and two-byte escapes such
/// as readline's keypad switches `ESC =` and `ESC >`).
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\x1b' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('[') => {
                // Parameters and intermediates, then one final byte in @..~.
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
            Some(']') => {
                // An operating system command, ended by BEL or ESC \.
                while let Some(c) = chars.next() {
                    if c == '\x07' || (c == '\x1b' && chars.next_if_eq(&'\\').is_some()) {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The lines of a terminal transcript, carriage returns and trailing blanks dropped.
fn lines(text: &str) -> Vec<String> {
    text.replace('\r', "").lines().map(|l| l.trim_end().to_owned()).collect()
}

#[test]
fn a_function_typed_at_the_prompt_moves_to_native_code_and_shows_how() {
    let home = home("tiers");
    // Counts alone decide (`PYNUM_PREDICTABLE`): whether f compiles whole after its loop
    // moved into native code depends, by measured time, on the machine's load, and under
    // a loaded full suite it once had not by the `%jit` below.
    let mut repl = spawn(&pynum_run(), &[], &home, &[("PYNUM_PREDICTABLE", std::ffi::OsStr::new("1"))]);
    repl.exp_string(">>> ").expect("the first prompt");
    enter(&mut repl, "def f(n):", "... ");
    enter(&mut repl, "    s = 0", "... ");
    enter(&mut repl, "    for i in range(n):", "... ");
    enter(&mut repl, "        s += i * i", "... ");
    enter(&mut repl, "    return s", "... ");
    enter(&mut repl, "", ">>> ");
    let printed = enter(&mut repl, "f(1000)", ">>> ");
    assert!(printed.contains("332833500"), "f(1000) printed {printed:?}");
    // Its loop moved into native code at its header; called often (its interpreted calls
    // costing more than a compile), f compiles whole.
    enter(&mut repl, "calls = [f(1000) for _ in range(2000)]", ">>> ");

    let table = enter(&mut repl, "%jit", ">>> ");
    let row =
        lines(&table).into_iter().find(|l| l.starts_with("f ")).unwrap_or_else(|| panic!("no row for f in {table:?}"));
    let columns: Vec<&str> = row.split_whitespace().collect();
    // Tier 1, or already tier 2: promotion waits for 10 ms of native time at tier 1,
    // which these 2,000 calls take (2.4 to 5 ms here) only on a loaded machine.
    assert!(["1", "2"].contains(&columns[1]), "f runs natively: {row}");
    assert_eq!(columns[2], "(int64)", "one specialization for an int: {row}");
    let native_ms: f64 = columns[5].parse().unwrap_or_else(|_| panic!("native ms column: {row}"));
    assert!(native_ms > 0.0, "the REPL times f's native call: {row}");

    let annotated = enter(&mut repl, "%annotate f", ">>> ");
    assert!(annotated.contains("[native]"), "{annotated}");
    assert!(annotated.contains("    4 |         s += i * i"), "the source typed at the prompt is kept: {annotated}");

    let timed = enter(&mut repl, "%tiers f(20000)", ">>> ");
    let timed = lines(&timed);
    assert!(timed.iter().any(|l| l.starts_with("interpreter") && l.ends_with("per call")), "{timed:?}");
    // Each tier on its own line: tier 1 pinned while it is timed, then tier 2 compiled.
    for tier in ["tier 1", "tier 2"] {
        let line = timed.iter().find(|l| l.starts_with(tier)).unwrap_or_else(|| panic!("no {tier} line: {timed:?}"));
        let speedup: f64 = line.rsplit(' ').next().unwrap().trim_end_matches('x').parse().unwrap();
        assert!(speedup > 0.0, "{line}");
    }
    assert!(!timed.iter().any(|l| l.contains("did not run natively")), "{timed:?}");
    assert!(!timed.iter().any(|l| l.contains("answered differently")), "{timed:?}");

    let lir = enter(&mut repl, "%dump lir f", ">>> ");
    assert!(lir.contains("function \"f(int64)\""), "{lir}");
    assert!(lir.contains("smul_overflow"), "{lir}");
    let llvm = enter(&mut repl, "%dump llvm f", ">>> ");
    assert!(llvm.contains("---- llvm f(int64) ----") && llvm.contains("define "), "{llvm}");
    let bytecode = enter(&mut repl, "%dump bytecode f", ">>> ");
    assert!(bytecode.contains("---- bytecode f (<stdin>:1) ----"), "{bytecode}");

    let source = enter(&mut repl, "import inspect; print(inspect.getsource(f), end='')", ">>> ");
    assert!(source.contains("def f(n):") && source.contains("        s += i * i"), "{source}");

    // Ctrl-C stops the loop in native code: the call compiled above runs natively.
    repl.send("f(10**10)\r").unwrap();
    repl.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    repl.send_control('c').unwrap();
    let interrupted = wait_for_prompt(&mut repl, ">>> ").unwrap();
    assert!(interrupted.contains("KeyboardInterrupt"), "{interrupted}");
    let after = enter(&mut repl, "f(10)", ">>> ");
    assert!(after.contains("285"), "the prompt goes on after Ctrl-C: {after}");

    enter(&mut repl, "%jit off", ">>> ");
    enter(&mut repl, "def g(n): return n + 1", "... ");
    enter(&mut repl, "", ">>> ");
    for _ in 0..12 {
        enter(&mut repl, "g(1)", ">>> ");
    }
    let table = enter(&mut repl, "%jit", ">>> ");
    assert!(!lines(&table).iter().any(|l| l.starts_with("g ")), "g was typed with automatic mode off: {table}");

    repl.send_control('d').unwrap();
    repl.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(home);
}

#[test]
fn tab_completes_attributes_globals_and_commands() {
    let home = home("completion");
    let mut repl = prompt(&pynum_run(), &[], &home);
    enter(&mut repl, "import math", ">>> ");
    repl.send("math.sq\t").unwrap();
    repl.flush().unwrap();
    let printed = enter(&mut repl, "2)", ">>> ");
    assert!(printed.contains("1.4142135623730951"), "{printed}");
    enter(&mut repl, "unusual_name = 5", ">>> ");
    repl.send("unusual_n\t").unwrap();
    repl.flush().unwrap();
    let printed = enter(&mut repl, " * 2", ">>> ");
    assert!(printed.contains("10"), "{printed}");
    repl.send("%ann\t").unwrap();
    repl.flush().unwrap();
    let printed = enter(&mut repl, " math", ">>> ");
    assert!(printed.contains("math runs in the interpreter only"), "{printed}");
    repl.send_control('d').unwrap();
    repl.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(home);
}

/// What each prompt shows for the same keystrokes, from the first prompt on.
/// `redraws`: the prompt's line editor redraws the line at each keystroke (rustyline).
fn transcript(program: &std::path::Path, redraws: bool, keystrokes: &[(&str, &str)]) -> Vec<String> {
    let home = home(if redraws { "errors-pynum" } else { "errors-cpython" });
    let mut repl = prompt(program, &[], &home);
    let mut shown = Vec::new();
    for (line, next_prompt) in keystrokes {
        let output = if redraws {
            // The first line is the editor's echo of what was typed.
            let output = enter(&mut repl, line, next_prompt);
            output.split_once('\n').map(|(_, after)| after.to_owned()).unwrap_or_default()
        } else {
            // GNU readline under this pseudo-terminal echoes nothing and draws each
            // prompt once: the next prompt is simply the next occurrence.
            repl.send(&format!("{line}\r")).unwrap();
            repl.flush().unwrap();
            plain(&repl.exp_string(next_prompt).unwrap())
        };
        shown.extend(lines(&output));
    }
    repl.send_control('d').unwrap();
    repl.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(home);
    // Lines the line editor redraws differ between the two; what the program prints
    // does not. Keep the lines after each input's echo.
    shown.into_iter().filter(|l| !l.is_empty()).collect()
}

#[test]
fn syntax_errors_and_tracebacks_look_as_in_cpython() {
    let keystrokes = [
        ("def f():", "... "),
        ("", ">>> "),
        ("x = = 1", ">>> "),
        ("1/0", ">>> "),
        ("def g():", "... "),
        ("    return undefined_name", "... "),
        ("", ">>> "),
        ("g()", ">>> "),
    ];
    let ours = transcript(&pynum_run(), true, &keystrokes);
    let theirs = transcript(&cpython(), false, &keystrokes);
    let error_lines = |shown: &[String]| -> Vec<String> {
        shown
            .iter()
            .filter(|l| {
                l.starts_with("  File ")
                    || l.starts_with("Traceback")
                    || l.contains("Error:")
                    || l.trim() == "^"
                    || l.trim() == "x = = 1"
            })
            .cloned()
            .collect()
    };
    let ours_errors = error_lines(&ours);
    assert_eq!(ours_errors, error_lines(&theirs), "pynum showed {ours:#?}\npython3 showed {theirs:#?}");
    assert!(ours_errors.iter().any(|l| l.starts_with("IndentationError: expected an indented block")), "{ours:#?}");
    assert!(!ours.iter().any(|l| l.contains("codeop")), "no frame of the prompt's machinery: {ours:#?}");
}

#[test]
fn a_pasted_block_with_blank_lines_runs_as_one() {
    let home = home("paste");
    let mut repl = prompt(&pynum_run(), &[], &home);
    // Bracketed paste: the terminal wraps what was pasted in ESC[200~ ... ESC[201~.
    repl.send("\x1b[200~def h():\r    x = 20\r\r    return x + 1\rh()\rh() * 2\x1b[201~").unwrap();
    repl.flush().unwrap();
    let printed = enter(&mut repl, "", ">>> ");
    let shown = lines(&printed);
    assert!(shown.iter().any(|l| l == "21") && shown.iter().any(|l| l == "42"), "{shown:#?}");
    let printed = enter(&mut repl, "h()", ">>> ");
    assert!(printed.contains("21"), "{printed}");
    repl.send_control('d').unwrap();
    repl.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(home);
}

#[test]
fn pythonstartup_runs_before_the_first_prompt() {
    let home = home("startup");
    let startup = home.join("startup.py");
    std::fs::write(&startup, "greeting = 'from the startup file'\n").unwrap();
    let mut repl = spawn(&pynum_run(), &[], &home, &[("PYTHONSTARTUP", startup.as_os_str())]);
    repl.exp_string(">>> ").unwrap();
    let printed = enter(&mut repl, "greeting", ">>> ");
    assert!(printed.contains("'from the startup file'"), "{printed}");
    repl.send_control('d').unwrap();
    repl.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(home);
}

/// CPython 3.11 never colours a traceback; rustpython's 3.14 library does on a terminal.
#[test]
fn a_traceback_on_a_terminal_has_no_colour() {
    let home = home("colour");
    let script = home.join("fails.py");
    std::fs::write(&script, "def f():\n    return 1 / 0\nf()\n").unwrap();
    let mut run = spawn(&pynum_run(), &[script.to_str().unwrap()], &home, &[]);
    let shown = run.exp_eof().unwrap();
    assert!(shown.contains("ZeroDivisionError: division by zero"), "{shown:?}");
    assert!(!shown.contains('\x1b'), "no escape sequences: {shown:?}");
    let mut repl = prompt(&pynum_run(), &[], &home);
    repl.send("1 / 0\r").unwrap();
    repl.flush().unwrap();
    let shown = wait_for_prompt_raw(&mut repl, ">>> ").unwrap();
    // After the editor's echo of the line, only what the traceback printed.
    let after_echo = shown.split_once('\n').map(|(_, rest)| rest.to_owned()).unwrap_or_default();
    assert!(after_echo.contains("ZeroDivisionError"), "{shown:?}");
    assert!(!after_echo.contains('\x1b'), "no escape sequences: {after_echo:?}");
    repl.send_control('d').unwrap();
    let _ = repl.exp_eof();
    let _ = std::fs::remove_dir_all(home);
}
