//! Short warming calls run the function as written. A registered function's shadow runs
//! automatic mode's code, whose lifted loops each enter through the runtime (the hidden
//! function's dispatcher, `osr`, `counted`, `stopped`) so that a long loop can move into
//! native code in the middle of a call. For a function whose calls are short, that costs
//! more than the loop: `for i in range(0, n, step)` of four trips took 2.6 us a call
//! against 0.8 us as written. Once a function's last two timed calls were short
//! ([`pynum_jit::policy::SHORT_CALL`]), ran no native code inside, and a call's
//! parameters and the globals its code names are small (`deferral::BigInputs`, modules
//! aside), the call runs a plain function with the code as written and the shadow's
//! globals, defaults and closure (made again after a write to the function's defaults);
//! its time still counts toward the function's compile,
//! which replaces both. A call that turns out long makes the next ones run the shadow.
//! A function nothing compiles for keeps its registration for this
//! ([`Dispatcher::keeps_plain_calls`]): without it, every call of it ran the shadow.
//!
//! Only code whose loops are `for` loops with no loop inside qualifies: their trips are
//! bounded by what they iterate, which small inputs keep small, while a `while` loop or a
//! loop nest may run long whatever the inputs. Assumes the code as written and the
//! running code take the same closure cells (checked: same free and cell variables), and
//! that the code as written defines no function of its own (checked: no code constants;
//! rustpython inlines comprehensions), since a function it defined would not be
//! registered as the shadow's would be. Running the code as written is what `--no-jit`
//! runs, so a call that mispredicts is never slower than the interpreter, only without
//! on-stack replacement; and its frame's `f_code` is then `f.__code__`, as in CPython.

use std::sync::atomic::Ordering;
use std::time::Duration;

use rustpython_vm::builtins::PyCode;
use rustpython_vm::bytecode::CodeFlags;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::compiled_functions::{as_written, held_code, make_shadow};
use super::deferral::{BigInputs, Modules, WarmingCall, WARMING_CALLS_PER_SAMPLE};
use super::{Dispatcher, LiftedLoop, Mode};

impl Dispatcher {
    /// The plain function a short warming call with `args` runs, or `None` when the call
    /// runs the shadow.
    pub(super) fn plain_for_short_call(&self, args: &[PyObjectRef], vm: &VirtualMachine) -> Option<PyObjectRef> {
        if !matches!(self.mode, Mode::Auto { .. }) || self.plain_unavailable.load(Ordering::Relaxed) {
            return None;
        }
        let short = pynum_jit::policy::SHORT_CALL.as_nanos() as u64;
        let previous = self.previous_interpreted_nanos.load(Ordering::Relaxed);
        let last = self.last_interpreted_nanos.load(Ordering::Relaxed);
        if previous == 0 || previous >= short || last >= short || self.recent_native.load(Ordering::Relaxed) != 0 {
            return None;
        }
        let plain = self.plain_function(vm)?;
        let inputs = self.plain_inputs.get()?;
        if inputs.entry_is_big(args, self.globals(vm), Modules::Small, vm) {
            return None;
        }
        Some(plain)
    }

    /// Runs a call in the interpreter, the plain function for a short one and the shadow
    /// otherwise. The first two calls are timed, then one in
    /// `deferral::WARMING_CALLS_PER_SAMPLE`, counted for the calls since the last, its
    /// interpreted time going toward a compile that waits for `needed`.
    pub(super) fn run_sampled(&self, args: FuncArgs, needed: Duration, vm: &VirtualMachine) -> PyResult {
        let run = |args: FuncArgs| match self.plain_for_short_call(&args.args, vm) {
            Some(plain) if args.kwargs.is_empty() => {
                let positional = args.args.len();
                plain.vectorcall(args.args, positional, None, vm)
            }
            _ => self.not_run(args, vm),
        };
        let calls = self.calls.load(Ordering::Relaxed);
        if calls > 2 && !calls.is_multiple_of(WARMING_CALLS_PER_SAMPLE) {
            return run(args);
        }
        let weight = calls.saturating_sub(self.last_timed_call.swap(calls, Ordering::Relaxed)).max(1);
        let call = WarmingCall::start(needed);
        let result = run(args);
        let (interpreted, native) = call.finish();
        self.interpreted_nanos.fetch_add(interpreted.saturating_mul(weight), Ordering::Relaxed);
        let previous = self.last_interpreted_nanos.swap(interpreted, Ordering::Relaxed);
        self.previous_interpreted_nanos.store(previous, Ordering::Relaxed);
        let recent = (self.recent_native.load(Ordering::Relaxed) << 1 | u8::from(native > 0)) & 0b11;
        self.recent_native.store(recent, Ordering::Relaxed);
        result
    }

    /// A call of a function that compiles nothing but keeps its registration for its
    /// short calls ([`Dispatcher::keeps_plain_calls`]). Its calls wait for no compile,
    /// so the loops inside them do not wait for it either.
    pub(super) fn run_interpreted_only(&self, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        self.calls.fetch_add(1, Ordering::Relaxed);
        self.run_sampled(args, Duration::ZERO, vm)
    }

    /// Whether a function automatic mode gives up compiling stays registered, its short
    /// calls running the code as written: under a policy that weighs time, when it has
    /// lifted loops to skip ([`build`]). One without goes back to the plain interpreter.
    pub(crate) fn keeps_plain_calls(&self, vm: &VirtualMachine) -> bool {
        matches!(self.mode, Mode::Auto { .. })
            && self.config.weighs_compile_time()
            && self.plain_function(vm).is_some()
            && self.plain_inputs.get().is_some()
    }

    /// A call while a trace or profile function or a `sys.monitoring` tool watches the
    /// program: nothing compiles or runs natively, and a function with lifted loops runs
    /// its code as written, so the tool sees the frames `--no-jit` would show, and line
    /// events cost what they cost there (each computes its line from the code's location
    /// table, from its start: tests/py/102 took 1.10x the time of `--no-jit` running
    /// automatic mode's longer code).
    pub(super) fn run_watched(&self, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        match self.mode {
            Mode::Auto { .. } => match self.plain_function(vm) {
                Some(written) => written.call(args, vm),
                None => self.not_run(args, vm),
            },
            _ => self.not_run(args, vm),
        }
    }

    /// The plain function, built when first asked for and again after a write to the
    /// function's `__defaults__` or `__kwdefaults__` (which forgets it with the
    /// specializations: `Dispatcher::forget_specializations`).
    fn plain_function(&self, vm: &VirtualMachine) -> Option<PyObjectRef> {
        if let Some(plain) = self.plain.lock().clone() {
            return Some(plain);
        }
        match build(&self.py_func, vm) {
            Some((plain, inputs)) => {
                if let Some(inputs) = inputs {
                    let _ = self.plain_inputs.set(inputs);
                }
                *self.plain.lock() = Some(plain.clone());
                Some(plain)
            }
            None => {
                self.plain_unavailable.store(true, Ordering::Relaxed);
                None
            }
        }
    }
}

/// A plain function running `shadow`'s code as written, when it differs from the running
/// code only by lifted loops, with the values that make a call of it long when its short
/// calls may run it (see the module comment); a traced program's calls run it whatever
/// its loops ([`Dispatcher::run_watched`]).
fn build(shadow: &PyObjectRef, vm: &VirtualMachine) -> Option<(PyObjectRef, Option<BigInputs>)> {
    let running = held_code(shadow, vm).ok()?;
    let lifts_loops = running.code.constants.iter().any(|constant| {
        let constant: &rustpython_vm::PyObject = std::borrow::Borrow::borrow(constant);
        constant.downcast_ref::<LiftedLoop>().is_some()
    });
    if !lifts_loops {
        return None;
    }
    let written = as_written(running.clone());
    if written.is(&running) {
        return None;
    }
    let (w, r) = (&written.code, &running.code);
    let defines_code = w.constants.iter().any(|constant| {
        let constant: &rustpython_vm::PyObject = std::borrow::Borrow::borrow(constant);
        constant.downcast_ref::<PyCode>().is_some()
    });
    let resumable = CodeFlags::GENERATOR | CodeFlags::COROUTINE | CodeFlags::ASYNC_GENERATOR;
    let same_cells = w.freevars.len() == r.freevars.len()
        && w.cellvars.len() == r.cellvars.len()
        && w.freevars.iter().zip(r.freevars.iter()).all(|(a, b)| a.as_str() == b.as_str())
        && w.cellvars.iter().zip(r.cellvars.iter()).all(|(a, b)| a.as_str() == b.as_str());
    if w.flags.intersects(resumable) || !same_cells || w.arg_count != r.arg_count {
        return None;
    }
    let short_calls = !defines_code && loops_bounded_by_what_they_iterate(&written);
    let plain = make_shadow(shadow, &written, vm).ok()?;
    Some((plain, short_calls.then(|| BigInputs::of_function(&written))))
}

/// Whether every loop of `code` is a `for` loop with no loop inside: its trips are then
/// as many as its iterable's items, which a call whose parameters and globals are all
/// small keeps small (`BigInputs`). A `while` loop, or a loop inside a loop, may run long
/// whatever the inputs (a pair of loops over 3,000 items is 9 million trips), and only
/// the running code's lifted loops would move it into native code.
fn loops_bounded_by_what_they_iterate(code: &PyCode) -> bool {
    let Ok(bytecode) = pynum_jit::bytecode::decode(&code.code) else { return false };
    let cfg = pynum_jit::cfg::Cfg::build(&bytecode);
    let nested = cfg.node_loops.values().any(|headers| headers.len() > 1);
    let for_header = |header: &u32| {
        cfg.blocks
            .get(header)
            .and_then(|block| bytecode.instrs.get(block.instrs.start))
            .is_some_and(|first| matches!(first.op, rustpython_vm::bytecode::Instruction::ForIter { .. }))
    };
    !nested && cfg.loops.keys().all(for_header)
}
