//! First calls that compile at once, remembered between runs when they were short. A
//! function with a loop lifting did not take (a `while` loop, loops inside loops) and a
//! lifted loop without an on-stack copy run natively only once compiled whole, so they
//! compile at their first call or entry, on the main thread, since that call may be
//! long. In short programs it seldom is: tests/py's programs waited 1.2 to 4 ms for such
//! compiles whose code then ran for 0.1 ms. A run in which such a first call ran natively
//! for less than its compile took, divided by [`INTERPRETER_SLOWDOWN`], leaves a mark
//! (`code_cache::remember_short_first_call`) on the code and the command line; a later
//! run hands that first call's compile to the compile thread, when the call's arguments
//! are small, and runs the call in the interpreter, as it does a function that waited for
//! calls. A first call of a function that then runs long takes the mark back.
//!
//! Assumes the marks live with the code cache (none when it is off) and that the same
//! code run with the same command line and small arguments does about the same work; a
//! mark that is wrong costs one interpreted call or loop entry, never more than the
//! interpreter, and then the code runs natively.

use std::time::{Duration, Instant};

use parking_lot::Mutex;
use pynum_llvm_loader::code_cache;
use rustpython_vm::{PyObjectRef, VirtualMachine};

use super::{Dispatcher, Mode};

/// How many times slower than its native code the interpreter is taken to run a first
/// call, at the least (automatic mode's loops run 16 to 31 times faster natively).
const INTERPRETER_SLOWDOWN: u32 = 16;

/// The marks this run leaves at exit, by identity.
static SHORT_FIRST_CALLS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// The program's command line (`sys.argv` as first read, without pynum's own options),
/// as a mark's identity holds it.
fn command_line(vm: &VirtualMachine) -> &'static str {
    static LINE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    LINE.get_or_init(|| {
        let argv = vm.sys_module.get_attr("argv", vm).ok();
        let items = argv.and_then(|argv| argv.downcast::<rustpython_vm::builtins::PyList>().ok());
        items.map_or_else(String::new, |list| {
            // Only strs are read: no code of the program's runs.
            let text = |arg: &PyObjectRef| {
                arg.downcast_ref::<rustpython_vm::builtins::PyStr>().and_then(|s| s.to_str()).unwrap_or("?").to_owned()
            };
            list.borrow_vec().iter().map(text).collect::<Vec<_>>().join("\0")
        })
    })
}

impl Dispatcher {
    /// What names this code and this run for the marks.
    fn first_call_identity(&self, vm: &VirtualMachine) -> Option<String> {
        Some(format!("{}\nargv {}", self.code_identity(vm)?, command_line(vm)))
    }

    /// Whether the marks are kept: automatic mode under the default policy, with the code
    /// cache in use.
    fn keeps_first_call_marks(&self) -> bool {
        matches!(self.mode, Mode::Auto { .. } | Mode::Lifted { .. })
            && self.config.weighs_compile_time()
            && self.config.code_cache
    }

    /// Whether a first call that would compile at once compiles on the compile thread
    /// instead: an earlier run of this code and command line marked its first call short,
    /// and this call's arguments are small.
    pub(super) fn first_call_was_short_before(&self, args: &[PyObjectRef], vm: &VirtualMachine) -> bool {
        self.keeps_first_call_marks()
            && super::deferral::arguments_are_small(args, vm)
            && self.first_call_identity(vm).is_some_and(|identity| code_cache::had_short_first_call(&identity))
    }

    /// After a first call that compiled at once (in `compile`) and ran for `native`,
    /// natively unless it `deoptimized`: marked for exit when the interpreter would have
    /// run it in less time than the compile took, or ran it anyway.
    pub(super) fn note_first_call(&self, compile: Duration, native: Duration, deoptimized: bool, vm: &VirtualMachine) {
        if self.keeps_first_call_marks() && (deoptimized || native * INTERPRETER_SLOWDOWN < compile) {
            if let Some(identity) = self.first_call_identity(vm) {
                SHORT_FIRST_CALLS.lock().push(identity);
            }
        }
    }

    /// Runs `call`, the interpreted first call of a function whose compile went to the
    /// compile thread because an earlier run marked its first call short; the mark goes
    /// when the call took longer than a compile is expected to. (A lifted loop's call
    /// returns at once, its caller running the loop: nothing to time.)
    pub(super) fn time_predicted_first_call<T>(&self, vm: &VirtualMachine, call: impl FnOnce() -> T) -> T {
        if !matches!(self.mode, Mode::Auto { .. }) {
            return call();
        }
        let started = Instant::now();
        let result = call();
        if started.elapsed() > self.compile_payback(vm) {
            if let Some(identity) = self.first_call_identity(vm) {
                code_cache::forget_short_first_call(&identity);
            }
        }
        result
    }
}

/// Writes the marks this run found (called once, as the process exits).
pub fn remember_short_first_calls() {
    for identity in std::mem::take(&mut *SHORT_FIRST_CALLS.lock()) {
        code_cache::remember_short_first_call(&identity);
    }
}
