//! Ctrl-C (and any signal with a Python handler) in native code: pynum's handler calls
//! the handler that was there before (the interpreter's, which makes `KeyboardInterrupt`
//! or the Python handler pending), then sets the flag native loops poll (`interrupt` of
//! [`pynum_runtime::POLL`]).
//!
//! Assumes the interpreter installed its handler before [`install`] runs. A program
//! that sets its own `SIGINT` handler (`signal.signal`) makes the interpreter install
//! its C handler again, in place of this one: [`wrap_signal_function`] puts this one back
//! in front after each such call (a default or ignored `SIGINT` is left alone).

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};

use rustpython_vm::{builtins::PyBaseExceptionRef, function::FuncArgs, PyResult, VirtualMachine};

/// Signal numbers this file keeps a previous handler for (Linux numbers them below 65).
const SIGNALS: usize = 65;

/// Per signal: the handler that was there before pynum's, and its flags.
static PREVIOUS_HANDLER: [AtomicUsize; SIGNALS] = [const { AtomicUsize::new(0) }; SIGNALS];
static PREVIOUS_FLAGS: [AtomicI32; SIGNALS] = [const { AtomicI32::new(0) }; SIGNALS];

extern "C" fn on_signal(signum: libc::c_int, info: *mut libc::siginfo_t, context: *mut libc::c_void) {
    call_previous_handler(signum, info, context);
    // Only then the flag: a native loop that sees it hands back to an interpreter that
    // already has the signal pending. Raised first, on another thread than the loop's,
    // the flag let the loop leave, clear it and run native code again before the
    // interpreter's handler made the signal pending, and the loop then ran on forever.
    pynum_runtime::POLL.interrupt.store(true, Ordering::SeqCst);
}

/// The handler that was there before pynum's for `signum` (the interpreter's), if any.
fn call_previous_handler(signum: libc::c_int, info: *mut libc::siginfo_t, context: *mut libc::c_void) {
    let Some(slot) = usize::try_from(signum).ok().filter(|&n| n < SIGNALS) else { return };
    let handler = PREVIOUS_HANDLER[slot].load(Ordering::SeqCst);
    if handler == libc::SIG_DFL || handler == libc::SIG_IGN {
        return;
    }
    // SAFETY: `handler` is the function the previous `sigaction` named, with the
    // signature its flags declare.
    unsafe {
        if PREVIOUS_FLAGS[slot].load(Ordering::SeqCst) & libc::SA_SIGINFO != 0 {
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
    pynum_runtime::mark_signal_handling_thread();
    install_for(libc::SIGINT);
}

/// [`install`] for `signum`: native loops leave at their next poll when it arrives, so
/// that the interpreter runs its Python handler (`signal.alarm` ending a long loop).
fn install_for(signum: libc::c_int) {
    let Some(slot) = usize::try_from(signum).ok().filter(|&n| n > 0 && n < SIGNALS) else { return };
    // SAFETY: plain `sigaction` calls on a zeroed struct; the handler only touches
    // atomics and calls the previous handler.
    unsafe {
        let mut previous: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(signum, std::ptr::null(), &mut previous) != 0 {
            return;
        }
        if previous.sa_sigaction == libc::SIG_DFL || previous.sa_sigaction == libc::SIG_IGN {
            return;
        }
        if previous.sa_sigaction == on_signal as *const () as usize {
            return;
        }
        PREVIOUS_HANDLER[slot].store(previous.sa_sigaction, Ordering::SeqCst);
        PREVIOUS_FLAGS[slot].store(previous.sa_flags, Ordering::SeqCst);
        let mut ours: libc::sigaction = std::mem::zeroed();
        ours.sa_sigaction = on_signal as *const () as usize;
        ours.sa_flags = libc::SA_SIGINFO | (previous.sa_flags & libc::SA_RESTART);
        ours.sa_mask = previous.sa_mask;
        libc::sigaction(signum, &ours, std::ptr::null_mut());
    }
}

/// `_signal.signal` (which `signal.signal` calls) followed by [`install_for`] the signal
/// it set: a Python handler (the interpreter's C handler underneath) gets pynum's in
/// front, so a native loop leaves when it arrives; a default or ignored one is left alone.
pub fn wrap_signal_function(vm: &VirtualMachine) -> PyResult<()> {
    wrap_then(vm, "_signal", "signal", |args, vm| {
        install();
        if let Some(signum) = args.args.first().and_then(|n| n.try_to_value::<i32>(vm).ok()) {
            install_for(signum);
        }
        if args.args.get(1).is_some_and(|handler| is_program_handler(handler, vm)) {
            PROGRAM_HANDLER_SET.store(true, Ordering::Relaxed);
        }
    })
}

/// Set once the program has given a signal a handler of its own (Python code: not
/// `SIG_DFL`, `SIG_IGN` or `default_int_handler`), and never cleared.
static PROGRAM_HANDLER_SET: AtomicBool = AtomicBool::new(false);

/// Whether the program has given a signal a handler of its own: such a handler runs
/// where a native loop leaves for it, and may rebind what the loop read (`STOP = True`),
/// while the interpreter reruns the call from its entry (the dispatcher then keeps
/// globals out of native code: `dispatcher::guards`).
pub fn program_handler_set() -> bool {
    PROGRAM_HANDLER_SET.load(Ordering::Relaxed)
}

fn is_program_handler(handler: &rustpython_vm::PyObjectRef, vm: &VirtualMachine) -> bool {
    use rustpython_vm::AsObject;
    if handler.try_to_value::<i64>(vm).is_ok() {
        return false;
    }
    let default = vm.import("_signal", 0).and_then(|signal| signal.get_attr("default_int_handler", vm));
    !default.is_ok_and(|default| default.is(handler.as_object()))
}

/// `_thread.interrupt_main` followed by raising the flag native loops poll: rustpython
/// simulates the signal without sending one, so a native loop never saw it and ran on
/// (CPython raises `KeyboardInterrupt` in the main thread at once). A signal whose
/// handler is not Python's costs the native call a deoptimization, nothing more.
pub fn wrap_interrupt_main(vm: &VirtualMachine) -> PyResult<()> {
    wrap_then(vm, "_thread", "interrupt_main", |_, _| pynum_runtime::POLL.interrupt.store(true, Ordering::SeqCst))
}

/// Replaces `module.name` with a function that calls it, then `then` with the same
/// arguments (when it succeeded).
fn wrap_then(
    vm: &VirtualMachine,
    module: &'static str,
    name: &'static str,
    then: fn(&FuncArgs, &VirtualMachine),
) -> PyResult<()> {
    let module = vm.import(module, 0)?;
    let original = module.get_attr(name, vm)?;
    let wrapped = vm.new_function(name, move |args: FuncArgs, vm: &VirtualMachine| {
        let result = original.call(args.clone(), vm)?;
        then(&args, vm);
        Ok::<_, PyBaseExceptionRef>(result)
    });
    module.set_attr(name, wrapped, vm)
}

/// After a native call: whether it ended because of a signal (the flag is cleared; the
/// interpreter has the signal pending and raises it). Never on a thread that does not
/// run signal handlers: its native code does not leave for a signal, and the flag is the
/// main thread's to take.
pub fn take_pending() -> bool {
    pynum_runtime::runs_signal_handlers() && pynum_runtime::POLL.interrupt.swap(false, Ordering::SeqCst)
}
