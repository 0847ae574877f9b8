//! Lifted loops and on-stack replacement. A [`LiftedLoop`] is the hidden function of a
//! loop automatic mode lifted out (`jit/src/looplift.rs`), with one dispatcher per
//! namespace that calls it. A loop whose caller keeps a counting copy starts in the
//! interpreter; `tick` counts its iterations, and once it is hot `resume` compiles the
//! hidden function and runs the rest of the loop natively from the header's variables.
//!
//! Assumes the counting copy resumes with a `range(...)` call of its own, which only means
//! the same loop for the builtin `range` (checked by `osr_wanted`).

use std::sync::atomic::Ordering;

use pynum_jit::events::JitEvent;
use pynum_jit::policy::JitConfig;
use rustpython_vm::{
    builtins::{PyCode, PyDict},
    common::lock::PyMutex,
    function::FuncArgs,
    AsObject, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine,
};

use rustpython_vm::bytecode::Instruction;
use rustpython_vm::protocol::{PyIter, PyIterReturn};
use rustpython_vm::types::{Callable, IterNext, Iterable, SelfIter};
use rustpython_vm::{pyclass, Py, Traverse};

use super::deferral::{Deferral, TimedRun};
use super::events::record;
use super::{config, install_vectorcall, Dispatcher, LiftedLoop, Mode};
use pynum_jit::looplift::LoopStart;

/// Whether `range`, as `func`'s code would look it up now, is the builtin: the counting
/// copy of a range loop resumes with a `range(...)` call of its own, which only means
/// the same loop for the builtin (a program may bind `range` in ways no source scan
/// sees: `globals()[...]`, `builtins.range = ...`, `exec`). Asked at every entry of a
/// counting copy, so the function's globals come from its dispatcher, read once (a
/// function's `__globals__` never changes), and the name is interned once.
fn range_is_builtin(dispatcher: &Dispatcher, vm: &VirtualMachine) -> bool {
    static RANGE: std::sync::OnceLock<&'static rustpython_vm::builtins::PyStrInterned> = std::sync::OnceLock::new();
    let name = *RANGE.get_or_init(|| vm.ctx.intern_str("range"));
    let Some(globals) = dispatcher.globals(vm) else { return false };
    let range = match globals.get_item_opt(name, vm) {
        Ok(Some(in_globals)) => Some(in_globals),
        Ok(None) => vm.builtins.dict().get_item_opt(name, vm).ok().flatten(),
        Err(_) => None,
    };
    range.is_some_and(|range| range.is(vm.ctx.types.range_type.as_object()))
}

/// Namespaces a lifted loop keeps dispatchers for; beyond that, the one called least
/// recently goes (and compiles again if it comes back).
const MAX_BINDINGS: usize = 8;

impl LiftedLoop {
    /// The hidden function compiled as `code`, which compiles as `start` says; a
    /// deferrable one's iterable reads `trip_names`.
    pub(crate) fn new_object(
        code: PyRef<PyCode>,
        start: LoopStart,
        trip_names: Vec<String>,
        vm: &VirtualMachine,
    ) -> PyObjectRef {
        install_vectorcall(vm);
        LiftedLoop { code, start, trip_names, bindings: PyMutex::new(Vec::new()), bypasses: PyMutex::new(Vec::new()) }
            .into_ref(&vm.ctx)
            .into()
    }

    /// Entries before the loop compiles: a loop with a counting copy runs in the
    /// interpreter until its iterations over all entries make it hot, then moves into
    /// native code at its header (entries alone never compile it). Any other compiles
    /// at its first entry.
    fn threshold(&self, config: &JitConfig) -> u64 {
        if self.start == LoopStart::OnStack {
            config.lifted_osr_loop_threshold()
        } else {
            config.lifted_loop_threshold()
        }
    }

    /// The dispatcher for the globals of the calling frame, made on the first call
    /// from them.
    pub(crate) fn bound(&self, vm: &VirtualMachine) -> PyResult<PyRef<Dispatcher>> {
        let globals = vm.current_globals();
        if let Some(dispatcher) = self.bound_to(&globals) {
            return Ok(dispatcher);
        }
        // `FunctionType(code, globals)`, through the type's constructor slot: a
        // profile function sees no call of pynum's.
        let function_type = vm.ctx.types.function_type;
        let new = function_type
            .slots
            .new
            .load()
            .ok_or_else(|| vm.new_type_error("function() has no constructor".to_owned()))?;
        let function =
            new(function_type.to_owned(), FuncArgs::from(vec![self.code.clone().into(), globals.clone().into()]), vm)?;
        let config = config(vm);
        let defers = self.start == LoopStart::Deferrable && config.defers_small_loops();
        let mode = Mode::Lifted { threshold: self.threshold(&config) };
        let deferral = defers.then(|| Deferral::new(&self.code, &self.trip_names));
        let dispatcher = Dispatcher { deferral, ..Dispatcher::new(function, mode, config) }.into_ref(&vm.ctx);
        let mut bindings = self.bindings.lock();
        // Another thread may have bound it meanwhile: one dispatcher per namespace.
        if let Some((_, first)) = bindings.iter().find(|(bound, _)| bound.is(&globals)) {
            return Ok(first.clone());
        }
        bindings.insert(0, (globals, dispatcher.clone()));
        bindings.truncate(MAX_BINDINGS);
        Ok(dispatcher)
    }

    /// Records that the call site starts with a `NOP` at unit `nop` of the code holding
    /// this loop (`hidden_names.rs`).
    pub(crate) fn add_bypass(&self, nop: usize) {
        self.bypasses.lock().push(nop);
    }

    /// Turns the `NOP` that starts this loop's call site, in the calling frame's code,
    /// into the `JUMP_FORWARD` to the loop as written that its argument encodes: a loop
    /// that gave up in every namespace that ran it (`Dispatcher::given_up`) then costs
    /// the interpreter one jump an entry, where each entry called this object, which
    /// answered `()`, and iterated that (about 2,300 instructions). The code is shared
    /// by every namespace that runs it, hence the condition; a traced or monitored
    /// program keeps its code as it is.
    pub(crate) fn bypass_call_site(&self, vm: &VirtualMachine) {
        // Called at every entry until the site is bypassed: what can never bypass it
        // (a site the link pass left without a `NOP`) returns before the frame is
        // materialized.
        if self.bypasses.lock().is_empty() || super::program_is_watched(vm) {
            return;
        }
        let all_given_up =
            self.bindings.lock().iter().all(|(_, dispatcher)| dispatcher.given_up.load(Ordering::Relaxed));
        if !all_given_up {
            return;
        }
        let Some(frame) = vm.current_frame() else { return };
        let code = frame.iframe().code();
        let holds_this = code.code.constants.iter().any(|constant| {
            let constant: &rustpython_vm::PyObject = std::borrow::Borrow::borrow(constant);
            constant.downcast_ref::<LiftedLoop>().is_some_and(|lifted| std::ptr::eq(&**lifted, self))
        });
        if !holds_this {
            return;
        }
        let units = &code.code.instructions;
        let mut bypassed = false;
        for &nop in self.bypasses.lock().iter() {
            // The site as linked: its `NOP`, then the load of this loop (after any
            // `EXTENDED_ARG` of the constant's index).
            let site_as_linked = nop + 1 < units.len()
                && matches!(units.read_op(nop), Instruction::Nop)
                && units[nop + 1..]
                    .iter()
                    .take(5)
                    .any(|unit| matches!(unit.op.deoptimize(), Instruction::LoadConst { .. }));
            if site_as_linked {
                let jump = Instruction::JumpForward { delta: rustpython_vm::bytecode::Arg::marker() };
                // SAFETY: `nop` is in bounds (checked above); the unit's argument,
                // with the `EXTENDED_ARG`s the link pass put before it, is the distance
                // to the loop as written, which `JUMP_FORWARD` reads as its delta.
                unsafe { units.replace_op(nop, jump) };
                bypassed = true;
            }
        }
        if bypassed {
            record(&config(vm), JitEvent::GaveUp { what: self.code.code.obj_name.as_str().to_owned() });
        }
    }

    /// The dispatcher already made for `globals`, if any.
    pub(crate) fn bound_to(&self, globals: &PyRef<PyDict>) -> Option<PyRef<Dispatcher>> {
        let mut bindings = self.bindings.lock();
        let position = bindings.iter().position(|(bound, _)| bound.is(globals))?;
        if position > 0 {
            let binding = bindings.remove(position);
            bindings.insert(0, binding);
        }
        Some(bindings[0].1.clone())
    }
}

/// The dispatcher a lifted loop's helper is handed (`__pynum__.osr`, `.tick`,
/// `.resume`): the hidden function's, for the calling frame's globals.
fn lifted_dispatcher(hidden: &PyObjectRef, vm: &VirtualMachine) -> Option<PyRef<Dispatcher>> {
    match hidden.downcast_ref::<LiftedLoop>() {
        Some(lifted) => lifted.bound(vm).ok(),
        None => hidden.clone().downcast::<Dispatcher>().ok(),
    }
}

/// `osr_wanted(hidden)` (`__pynum__.osr`): `[()]` while the loop's hidden function may
/// still compile and run natively, `[]` once it has failed to or deoptimized (the
/// caller then runs its plain copy, without the count).
pub(super) fn osr_wanted(hidden: &PyObjectRef, vm: &VirtualMachine) -> PyObjectRef {
    let dispatcher = lifted_dispatcher(hidden, vm);
    let wanted = dispatcher.as_ref().is_some_and(|d| {
        let state = d.state.lock();
        let wanted = state.failures.is_empty()
            && state.specializations.iter().all(|s| s.deopts.load(Ordering::Relaxed) == 0)
            && range_is_builtin(d, vm);
        // A loop that failed to compile where it got hot, with nothing compiled, is
        // turned down here at each entry (its entries' types may never match the
        // failed ones: `s = 0` before the loop, a `Box` at its header), and gives up
        // like one turned down at its call.
        if !wanted && state.specializations.is_empty() && !state.failures.is_empty() {
            drop(state);
            d.count_turned_down_lifted_call();
        }
        wanted
    });
    if let (true, Some(dispatcher)) = (wanted, dispatcher) {
        // A new interpreted entry: `tick` times its iterations.
        dispatcher.entry_iterations.store(0, Ordering::Relaxed);
        dispatcher.entry_started.store(super::deferral::now_nanos(), Ordering::Relaxed);
        vm.ctx.new_tuple(vec![vm.ctx.empty_tuple.clone().into()]).into()
    } else {
        vm.ctx.empty_tuple.clone().into()
    }
}

/// `timed(hidden, iterable)` (`__pynum__.timed`): what the interpreted copy of a
/// deferrable loop iterates over. When its dispatcher deferred this entry, an iterator
/// over `iterable` that adds the run's time to the dispatcher's interpreted time when the
/// run ends; otherwise `iterable` itself (the loop then calls `iter` on it, as written).
pub(super) fn timed(hidden: &PyObjectRef, iterable: PyObjectRef, vm: &VirtualMachine) -> PyResult {
    if !super::deferral::any_pending_entry() {
        return Ok(iterable);
    }
    let Some(dispatcher) = lifted_dispatcher(hidden, vm) else { return Ok(iterable) };
    match dispatcher.deferral.as_ref().and_then(|deferral| deferral.take_entry()) {
        Some(entered) => TimedRun::start(dispatcher, iterable, entered, vm),
        None => Ok(iterable),
    }
}

/// `tick(hidden)` (`__pynum__.tick`): one interpreted iteration of the hidden
/// function's loop; true once, at the iteration where the loop has become hot
/// (`PYNUM_JIT_THRESHOLD` iterations, or [`DEFAULT_OSR_ITERATIONS`]; under a policy that
/// weighs time, once its interpreted iterations have also cost
/// [`COMPILE_PAYBACK`](pynum_jit::policy::COMPILE_PAYBACK) compiles, checked every
/// [`OSR_TIME_CHECKS`] iterations from then on, and at an entry's 2nd, 4th, 8th...
/// iteration before, when they are [`SLOW_ITERATION`]s: a loop of few, slow iterations
/// gets hot by time alone).
pub(super) fn tick(hidden: &PyObjectRef, vm: &VirtualMachine) -> bool {
    lifted_dispatcher(hidden, vm).is_some_and(|dispatcher| counts_hot(&dispatcher, None, vm))
}

/// Counts one interpreted iteration of `dispatcher`'s loop, whose header would start
/// the hidden function from `item` (a `range` loop's next value): true once, at the
/// header where the loop moves into native code.
///
/// Under the default policy the loop does not wait for its compile: where it gets hot
/// ([`gets_hot`]) its hidden function is typed for the header's variables, as the frame
/// holds them, and compiled on the compile thread, while the loop runs on in the
/// interpreter; it moves at the first header after the compile is done. A loop that
/// ends first has lost nothing, and the next entry finds the code. (It stopped and
/// waited 1-2.5 ms for Cranelift: a loop of 2,000 iterations that got hot at its
/// 1,000th then ran its last 1,000 natively in less time than the wait, as in 9 of the
/// 25 tests/py programs the JIT made slowest.) When the compile cannot go to the
/// compile thread, or the header's variables cannot be read without running code of
/// the program, the loop stops where it got hot and compiles there.
fn counts_hot(dispatcher: &Dispatcher, item: Option<&PyObjectRef>, vm: &VirtualMachine) -> bool {
    // A traced or monitored loop stays in the interpreter: it never gets hot.
    if super::program_is_watched(vm) {
        return false;
    }
    if dispatcher.osr_waits.load(Ordering::Relaxed) {
        let done = dispatcher.osr_compile.get().is_none_or(|pending| pending.is_done());
        if done {
            dispatcher.osr_waits.store(false, Ordering::Relaxed);
        }
        return done;
    }
    if !gets_hot(dispatcher, vm) {
        return false;
    }
    !compiles_in_background_for_osr(dispatcher, item, vm)
}

/// Hands the compile of `dispatcher`'s hidden function, for the types of the header's
/// variables, to the compile thread; false when it did not (the loop then stops here).
fn compiles_in_background_for_osr(dispatcher: &Dispatcher, item: Option<&PyObjectRef>, vm: &VirtualMachine) -> bool {
    if !dispatcher.compiles_in_background() || dispatcher.warm_in_code_cache(vm) {
        return false;
    }
    let Some(state) = header_state(dispatcher, item, vm) else { return false };
    let types: Vec<_> = state.iter().map(|value| super::type_of(value, vm)).collect();
    let Ok(super::Compile::Pending(pending)) = dispatcher.compile_for_values(&state, &types, true, vm) else {
        return false;
    };
    if dispatcher.osr_compile.set(pending).is_err() {
        return false;
    }
    dispatcher.osr_waits.store(true, Ordering::Relaxed);
    true
}

/// The values the hidden function of `dispatcher` would start from at this header: its
/// parameters as the running frame binds them (the `range` loop's start parameter is
/// `item`). `None` when one is unbound, or when reading them could run code of the
/// program (locals that are not a plain dict).
fn header_state(dispatcher: &Dispatcher, item: Option<&PyObjectRef>, vm: &VirtualMachine) -> Option<Vec<PyObjectRef>> {
    let code = dispatcher.py_func.get_attr("__code__", vm).ok()?.downcast::<PyCode>().ok()?;
    let parameters = code.code.varnames.get(..code.code.arg_count as usize)?;
    let frame = vm.current_frame()?;
    let locals = frame.locals(vm).ok()?;
    let locals = locals.obj().downcast_ref_if_exact::<PyDict>(vm)?;
    parameters
        .iter()
        .map(|name| match name.as_str() {
            pynum_jit::looplift::START_PARAMETER => item.cloned(),
            name => locals.get_item_opt(name, vm).ok().flatten(),
        })
        .collect()
}

/// Counts one interpreted iteration of `dispatcher`'s loop: true once, at the iteration
/// where the loop has become hot (as [`tick`] says).
fn gets_hot(dispatcher: &Dispatcher, vm: &VirtualMachine) -> bool {
    // Code an earlier run kept tier-2 code for moves at its first iteration: the
    // "compile" is a load from the code cache.
    if dispatcher.warm_in_code_cache(vm) {
        return !dispatcher.osr_fired.swap(true, Ordering::Relaxed);
    }
    let hot_after = dispatcher.config.osr_iterations();
    let iterations = dispatcher.iterations.fetch_add(1, Ordering::Relaxed) + 1;
    if !dispatcher.config.weighs_compile_time() {
        return iterations == hot_after;
    }
    let this_entry = dispatcher.entry_iterations.fetch_add(1, Ordering::Relaxed) + 1;
    let needed = || dispatcher.compile_payback(vm).as_nanos() as f64;
    let this_entry_nanos = || {
        let entered = dispatcher.entry_started.load(Ordering::Relaxed);
        super::deferral::now_nanos().saturating_sub(entered) as f64
    };
    if iterations < hot_after {
        // Before the count, the clock is read at this entry's 2nd, 4th, 8th...
        // iteration: a loop whose iterations each take a millisecond or more (a call
        // of compiled code that copies big containers in and out each time) is hot long
        // before it has run a thousand. Measured on this entry alone, not extrapolated,
        // and only iterations that are slow on average count, so that a thread
        // descheduled in the middle of a short loop does not compile it.
        if this_entry < 2 || !this_entry.is_power_of_two() {
            return false;
        }
        let elapsed = this_entry_nanos();
        let slow = elapsed / this_entry as f64 >= SLOW_ITERATION.as_nanos() as f64;
        return slow && elapsed >= needed() && !dispatcher.osr_fired.swap(true, Ordering::Relaxed);
    }
    if !(iterations - hot_after).is_multiple_of(OSR_TIME_CHECKS) {
        return false;
    }
    // The loop's interpreted time so far, estimated from this entry's iterations: earlier
    // entries ended without a report, and an iteration costs about the same each time.
    let estimate = this_entry_nanos() / this_entry as f64 * iterations as f64;
    estimate >= needed() && !dispatcher.osr_fired.swap(true, Ordering::Relaxed)
}

/// An interpreted iteration at least this slow on average may make its loop hot before
/// its iterations reach the count ([`counts_hot`]): fifty times what an iteration of
/// plain arithmetic costs the interpreter (about 1 us), so only iterations that call
/// something costly (word_count's 40 calls of a compiled function: 4-5 ms each) qualify.
const SLOW_ITERATION: std::time::Duration = std::time::Duration::from_micros(50);

/// `counted(hidden, iterable)` (`__pynum__.counted`): what the counting copy of a `for`
/// loop over `range` iterates over: the items of `iterable`, each counted as an
/// iteration ([`counts_hot`]); at the item where the loop got hot the iterator ends
/// instead, keeping the item for [`stopped`]. With no iterable (a `while` loop's copy),
/// an endless run of `()` that ends where the loop got hot. Its `__next__` is native:
/// the count costs the interpreter no bytecode (a `__pynum__.tick(hidden)` call at the
/// top of each iteration made liftable loops that never got hot 20-30% slower).
pub(super) fn counted(hidden: &PyObjectRef, iterable: Option<PyObjectRef>, vm: &VirtualMachine) -> PyResult {
    let _ = <CountedRun as rustpython_vm::class::PyClassImpl>::make_static_type();
    let dispatcher = lifted_dispatcher(hidden, vm);
    let items = iterable.map(|iterable| iterable.get_iter(vm)).transpose()?;
    Ok(CountedRun { dispatcher, items }.into_ref(&vm.ctx).into())
}

/// `stopped(hidden)` (`__pynum__.stopped`): `(item,)` when the loop's [`counted`]
/// iterator ended hot at `item` (the value of the loop's target at the header native
/// code resumes from), `()` when it ran out. The counting copy asks in its `else`, with
/// no code run in between.
pub(super) fn stopped(hidden: &PyObjectRef, vm: &VirtualMachine) -> PyObjectRef {
    match lifted_dispatcher(hidden, vm).and_then(|dispatcher| dispatcher.stopped_at.lock().take()) {
        Some(item) => vm.ctx.new_tuple(vec![item]).into(),
        None => vm.ctx.empty_tuple.clone().into(),
    }
}

/// The iterator [`counted`] returns.
#[pyclass(module = false, name = "counted_run", traverse)]
#[derive(Debug, PyPayload)]
pub(crate) struct CountedRun {
    dispatcher: Option<PyRef<Dispatcher>>,
    items: Option<PyIter>,
}

#[pyclass(with(IterNext, Iterable))]
impl CountedRun {}

impl SelfIter for CountedRun {}

impl IterNext for CountedRun {
    fn next(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyIterReturn> {
        let item = match &zelf.items {
            Some(items) => match items.next(vm)? {
                PyIterReturn::Return(item) => item,
                ran_out => return Ok(ran_out),
            },
            None => vm.ctx.empty_tuple.clone().into(),
        };
        let start = zelf.items.as_ref().map(|_| &item);
        if let Some(dispatcher) = zelf.dispatcher.as_ref().filter(|d| counts_hot(d, start, vm)) {
            if zelf.items.is_some() {
                *dispatcher.stopped_at.lock() = Some(item);
            }
            return Ok(PyIterReturn::StopIteration(None));
        }
        Ok(PyIterReturn::Return(item))
    }
}

/// Under a policy that weighs time, a loop past its iteration threshold reads the clock
/// every this many iterations to judge whether it has cost enough to compile.
const OSR_TIME_CHECKS: u64 = 128;

/// `resume(hidden, *state)` (`__pynum__.resume`): a loop running in the interpreter
/// got hot; its hidden function compiles now (whatever the entry threshold) and runs
/// the rest of the loop from `state`, the variables at the loop's header.
pub(super) fn resume(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let Some((hidden, state)) = args.args.split_first() else {
        return Err(vm.new_type_error("resume() needs the hidden function".to_owned()));
    };
    let Some(dispatcher) = lifted_dispatcher(hidden, vm) else {
        // The caller runs the rest of the loop as written.
        return Ok(vm.ctx.empty_tuple.clone().into());
    };
    if let Mode::Lifted { threshold } = dispatcher.mode {
        dispatcher.calls.fetch_max(threshold, Ordering::Relaxed);
        let warm = dispatcher.warm_in_code_cache(vm);
        record(&dispatcher.config, JitEvent::OnStackReplacement { what: dispatcher.qualname_string(vm), warm });
    }
    // The loop moves into native code at this header or runs on as written: its
    // compile happens now, not on the compile thread.
    let _synchronous = super::background::Synchronous::start(&dispatcher);
    <Dispatcher as Callable>::call(&dispatcher, FuncArgs::from(state.to_vec()), vm)
}
