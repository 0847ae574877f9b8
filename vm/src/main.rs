//! `pynum-run`: the drop-in for `python3`. Parses the command line, then runs the program
//! on a thread with a deep stack under the panic guard.
//!
//! Assumes the interpreter's own recursion checks measure the real stack bounds of the
//! thread they run on, so a big stack means deep recursion raises `RecursionError`
//! instead of overflowing.

use pynum_vm::{cli, panic_guard, run};

#[global_allocator]
static GLOBAL: pynum_vm::memory_limit::LimitedMimalloc = pynum_vm::memory_limit::LimitedMimalloc;

/// mimalloc's options, set by a constructor: the Rust runtime may allocate before `main`,
/// and the first allocation reserves mimalloc's arena with whatever options it finds.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static CONFIGURE_MIMALLOC: extern "C" fn() = pynum_vm::memory_limit::configure_mimalloc;

/// Python frames are native frames in rustpython; 1000 of them (the default recursion
/// limit) need far more than the 8 MiB main-thread stack. Only touched pages cost memory.
const INTERPRETER_STACK_BYTES: usize = 1 << 30;

fn main() -> std::process::ExitCode {
    // The process an exit started to fill the tier-2 code cache: no interpreter.
    if let Some(job) = std::env::var_os(pynum_llvm_loader::code_cache::FILL_JOB_VARIABLE) {
        pynum_llvm_loader::code_cache::fill_from_job(std::path::Path::new(&job));
        return std::process::ExitCode::SUCCESS;
    }
    let invocation = cli::parse(std::env::args_os());
    panic_guard::install_hook();
    let coverage_dir = std::env::var_os("PYNUM_JIT_COVERAGE").filter(|dir| !dir.is_empty());
    if coverage_dir.is_some() {
        pynum_jit::coverage::enable();
    }
    let what = describe(&invocation.program);
    let status = std::thread::Builder::new()
        .name("main".to_owned())
        .stack_size(INTERPRETER_STACK_BYTES)
        .spawn(move || panic_guard::guard(&what, || run::run(&invocation)))
        .expect("spawning the interpreter thread")
        .join()
        .unwrap_or(panic_guard::EXIT_INTERNAL_ERROR);
    if let Some(dir) = coverage_dir {
        write_jit_coverage(std::path::Path::new(&dir));
    }
    pynum_vm::dispatcher::fill_code_cache_after_exit();
    pynum_vm::dispatcher::remember_short_first_calls();
    // An LLVM compile still running on the tier-2 thread must not meet libLLVM's static
    // destructors: leave without running them (the program's output is flushed).
    if pynum_vm::dispatcher::compiling_at_exit() {
        use std::io::Write;
        let _ = std::io::stdout().flush();
        let _ = std::io::stderr().flush();
        // SAFETY: ends the process; nothing runs after it.
        unsafe { libc::_exit(i32::from(status as u8)) }
    }
    // Like CPython on Unix, only the low 8 bits of the status reach the parent.
    std::process::ExitCode::from(status as u8)
}

fn describe(program: &cli::Program) -> String {
    match program {
        cli::Program::Script(path) => path.clone(),
        cli::Program::Command(_) => "-c <command>".to_owned(),
        cli::Program::Module(module) => format!("-m {module}"),
        cli::Program::Stdin => "<stdin>".to_owned(),
        cli::Program::Repl => "the REPL".to_owned(),
    }
}

/// `PYNUM_JIT_COVERAGE=dir`: what this run exercised of the JIT, as `dir/cov-<pid>.tsv`
/// (summed over a campaign by `tests/fuzz/run.py --coverage`).
fn write_jit_coverage(dir: &std::path::Path) {
    let path = dir.join(format!("cov-{}.tsv", std::process::id()));
    if let Err(error) = std::fs::write(&path, pynum_jit::coverage::report()) {
        eprintln!("pynum-run: PYNUM_JIT_COVERAGE: cannot write {}: {error}", path.display());
    }
}
