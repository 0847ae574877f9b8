//! Ctrl-C in native code: pynum's `SIGINT` handler sets the flag native loops poll
//! (`interrupt` of [`pynum_runtime::POLL`]), then calls the handler that was there before
//! (the interpreter's, which makes `KeyboardInterrupt` pending).
//!
//! Assumes the interpreter installed its handler before [`install`] runs. A program
//! that sets its own `SIGINT` handler (`signal.signal`) makes the interpreter install
//! its C handler again, in place of this one: [`wrap_signal_function`] puts this one back
//! in front after each such call (a default or ignored `SIGINT` is left alone).

use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};

static PREVIOUS_HANDLER: AtomicUsize = AtomicUsize::new(0);
static PREVIOUS_FLAGS: AtomicI32 = AtomicI32::new(0);

extern "C" fn on_sigint(signum: libc::c_int, info: *mut libc::siginfo_t, context: *mut libc::c_void) {
    pynum_runtime::POLL.interrupt.store(true, Ordering::SeqCst);
    let handler = PREVIOUS_HANDLER.load(Ordering::SeqCst);
    if handler == libc::SIG_DFL || handler == libc::SIG_IGN {
        return;
    }
    // SAFETY: `handler` is the function the previous `sigaction` named, with the
    // signature its flags declare.
    unsafe {
        if PREVIOUS_FLAGS.load(Ordering::SeqCst) & libc::SA_SIGINFO != 0 {
            let previous: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
                std::mem::transmute(handler);
            previous(signum, info, context);
        } else {
            let previous: extern "C" fn(libc::c_int) = std::mem::transmute(handler);
            previous(signum);
        }
    }
}

/// Puts pynum's handler in front of the current `SIGINT` handler, when that one is a
/// function (the interpreter's); a default or ignored `SIGINT` is left as it is.
pub fn install() {
    // SAFETY: plain `sigaction` calls on a zeroed struct; the handler only touches
    // atomics and calls the previous handler.
    unsafe {
        let mut previous: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(libc::SIGINT, std::ptr::null(), &mut previous) != 0 {
            return;
        }
        if previous.sa_sigaction == libc::SIG_DFL || previous.sa_sigaction == libc::SIG_IGN {
            return;
        }
        if previous.sa_sigaction == on_sigint as *const () as usize {
            return;
        }
        PREVIOUS_HANDLER.store(previous.sa_sigaction, Ordering::SeqCst);
        PREVIOUS_FLAGS.store(previous.sa_flags, Ordering::SeqCst);
        let mut ours: libc::sigaction = std::mem::zeroed();
        ours.sa_sigaction = on_sigint as *const () as usize;
        ours.sa_flags = libc::SA_SIGINFO | (previous.sa_flags & libc::SA_RESTART);
        ours.sa_mask = previous.sa_mask;
        libc::sigaction(libc::SIGINT, &ours, std::ptr::null_mut());
    }
}

/// `_signal.signal` (which `signal.signal` calls) followed by [`install`].
pub fn wrap_signal_function(vm: &rustpython_vm::VirtualMachine) -> rustpython_vm::PyResult<()> {
    let module = vm.import("_signal", 0)?;
    let original = module.get_attr("signal", vm)?;
    let wrapped = vm.new_function(
        "signal",
        move |args: rustpython_vm::function::FuncArgs, vm: &rustpython_vm::VirtualMachine| {
            let previous = original.call(args, vm)?;
            install();
            Ok::<_, rustpython_vm::builtins::PyBaseExceptionRef>(previous)
        },
    );
    module.set_attr("signal", wrapped, vm)
}

/// `_thread.interrupt_main` followed by raising the flag native loops poll: rustpython
/// simulates the signal without sending one, so a native loop never saw it and ran on
/// (CPython raises `KeyboardInterrupt` in the main thread at once). A signal whose
/// handler is not Python's costs the native call a deoptimization, nothing more.
pub fn wrap_interrupt_main(vm: &rustpython_vm::VirtualMachine) -> rustpython_vm::PyResult<()> {
    let module = vm.import("_thread", 0)?;
    let original = module.get_attr("interrupt_main", vm)?;
    let wrapped = vm.new_function(
        "interrupt_main",
        move |args: rustpython_vm::function::FuncArgs, vm: &rustpython_vm::VirtualMachine| {
            let result = original.call(args, vm)?;
            pynum_runtime::POLL.interrupt.store(true, Ordering::SeqCst);
            Ok::<_, rustpython_vm::builtins::PyBaseExceptionRef>(result)
        },
    );
    module.set_attr("interrupt_main", wrapped, vm)
}

/// After a native call: whether it ended because of a signal (the flag is cleared; the
/// interpreter has the signal pending and raises it).
pub fn take_pending() -> bool {
    pynum_runtime::POLL.interrupt.swap(false, Ordering::SeqCst)
}
