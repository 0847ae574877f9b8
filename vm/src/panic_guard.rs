//! The boundary that keeps a Rust panic from looking like a Python result: a panic
//! anywhere under [`guard`] becomes an internal-error report naming the Python function
//! that was running, and exit status 70 (`EX_SOFTWARE`).
//!
//! Assumes panics unwind (the release profile must not set `panic = "abort"`). The hook
//! reads only the current frame's code object, never allocates Python objects: the VM
//! may be half-way through a mutation when it panics.

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};

/// Exit status of a pynum bug, as `sysexits.h` names it.
pub const EXIT_INTERNAL_ERROR: u32 = 70;

#[derive(Debug, Clone)]
struct PanicReport {
    message: String,
    rust_location: String,
    python_function: Option<String>,
}

thread_local! {
    static LAST_PANIC: RefCell<Option<PanicReport>> = const { RefCell::new(None) };
}

/// Installs the hook that records panics for [`guard`]. Set `PYNUM_BACKTRACE=1` to also
/// get Rust's default report with a backtrace.
pub fn install_hook() {
    let default_hook = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".to_owned());
        let rust_location = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
        let report = PanicReport { message, rust_location, python_function: running_python_function() };
        LAST_PANIC.with(|slot| *slot.borrow_mut() = Some(report));
        if std::env::var_os("PYNUM_BACKTRACE").is_some() {
            default_hook(info);
        }
    }));
}

/// The innermost Python frame on this thread, as `qualname (file:line)`.
fn running_python_function() -> Option<String> {
    let frame = rustpython_vm::vm::thread::get_current_frame();
    if frame.is_null() {
        return None;
    }
    // SAFETY: the slot points at a live frame of this thread; we only read its code
    // object, which the frame keeps alive for as long as it is current.
    let code = unsafe { (*frame).code() };
    let line = code.first_line_number.map_or(0, |l| l.get());
    Some(format!("{} ({}:{})", code.qualname, code.source_path, line))
}

/// Runs `body`; a panic inside becomes a report on stderr and [`EXIT_INTERNAL_ERROR`].
pub fn guard(what: &str, body: impl FnOnce() -> u32) -> u32 {
    match panic::catch_unwind(AssertUnwindSafe(body)) {
        Ok(code) => code,
        Err(_) => {
            let report = LAST_PANIC.with(|slot| slot.borrow_mut().take());
            eprintln!("pynum-run: internal error while running {what}");
            if let Some(report) = report {
                if let Some(function) = report.python_function {
                    eprintln!("  in Python function {function}");
                }
                eprintln!("  panic: {} at {}", report.message, report.rust_location);
            }
            eprintln!("This is a bug in pynum, not in your program. Set PYNUM_BACKTRACE=1 for a backtrace.");
            EXIT_INTERNAL_ERROR
        }
    }
}
